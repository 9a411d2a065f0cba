CREATE TABLE `privrisk_x_nodes7` (code BIGINT, depth INTEGER, child_no INTEGER, share DOUBLE, parent_share DOUBLE, label STRING)
