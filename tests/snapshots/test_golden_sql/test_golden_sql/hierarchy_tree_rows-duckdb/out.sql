INSERT INTO "privrisk_x_tree7" (node, parent, code, depth, child_no, share, parent_share, label) VALUES
(1, NULL, NULL, 0, 0, 1.0, 1.0, '*'),
(2, 1, NULL, 1, 0, 0.5, 1.0, 'care'),
(3, 2, 1, 2, 0, 0.0, 0.5, 'nurse'),
(4, 1, 2, 1, 1, 0.0, 1.0, 'O''Neil')
