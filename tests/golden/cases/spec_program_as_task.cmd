check ../../examples/tasks/ur2.crasp
