CREATE TEMPORARY TABLE `privrisk_x_nodes7` (code BIGINT, depth INTEGER, child_no INTEGER, share DOUBLE, parent_share DOUBLE, label TEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
