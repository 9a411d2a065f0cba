CREATE TABLE `privrisk_x_tree7` (node BIGINT, parent BIGINT, code BIGINT, depth INTEGER, child_no INTEGER, share DOUBLE, parent_share DOUBLE, label STRING)
