reduce ../../examples/tasks/even_ab.toml
