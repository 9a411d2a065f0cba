"""SQL text: rendering templates, the dialects' differences as data, column types, table names."""
