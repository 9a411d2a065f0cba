INSERT INTO "privrisk_x_map4" (val, code, json_text) VALUES
('a''b', 1, 'a''b'),
('c"\
', 2, 'c\"\\\n')
