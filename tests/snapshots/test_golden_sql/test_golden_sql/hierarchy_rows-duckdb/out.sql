INSERT INTO "privrisk_x_nodes7" (code, depth, child_no, share, parent_share, label) VALUES
(1, 0, 0, 1.0, 1.0, '*'),
(1, 1, 0, 0.5, 1.0, 'care'),
(1, 2, 0, 0.0, 0.5, 'nurse'),
(2, 0, 0, 1.0, 1.0, '*'),
(2, 1, 1, 0.0, 1.0, 'O''Neil')
