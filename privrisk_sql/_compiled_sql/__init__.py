"""Generated: the SQL templates compiled by Jinja (privrisk_sql/sql/compiled_templates.py).

Do not edit; write them again with ``python -m privrisk_sql.sql.compile_templates --write``."""
