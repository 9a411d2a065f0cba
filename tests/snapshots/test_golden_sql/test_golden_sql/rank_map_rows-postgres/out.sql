INSERT INTO "privrisk_x_map4" (val, code, json_text) VALUES
('a''b', 1, 'a''b'),
(E'c"\\
', 2, E'c\\"\\\\\\n')
