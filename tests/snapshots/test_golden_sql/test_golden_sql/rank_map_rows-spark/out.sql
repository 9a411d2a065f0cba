INSERT INTO `privrisk_x_map4` (val, code) VALUES
('a\'b', 1),
('c', 2)
