tasks
