INSERT INTO `privrisk_x_nodes7` (code, depth, child_no, share, parent_share, label)
SELECT c.code, t.depth, t.child_no, t.share, t.parent_share, t.label
FROM `privrisk_x_chain7_0` c JOIN `privrisk_x_tree7` t ON t.node = c.node
