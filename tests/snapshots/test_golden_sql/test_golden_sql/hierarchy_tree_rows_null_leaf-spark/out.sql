INSERT INTO `privrisk_x_tree7` (node, parent, code, depth, child_no, share, parent_share, label) VALUES
(1, NULL, NULL, 0, 0, 1.0, 1.0, '*'),
(2, 1, 0, 1, 0, 0.0, 1.0, NULL),
(3, 1, NULL, 1, 1, 0.3333333333333333, 1.0, 'care'),
(4, 3, 1, 2, 0, 0.0, 0.3333333333333333, 'nurse'),
(5, 1, 2, 1, 2, 0.0, 1.0, 'O\'Neil')
