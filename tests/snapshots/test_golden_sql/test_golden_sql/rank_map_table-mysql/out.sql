CREATE TEMPORARY TABLE `privrisk_x_map4` (val VARCHAR(7) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, code BIGINT, json_text TEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
