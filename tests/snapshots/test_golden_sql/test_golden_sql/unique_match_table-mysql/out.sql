CREATE TEMPORARY TABLE `privrisk_x_matches` (syn_rid BIGINT, combo_size INTEGER, first_match BIGINT)
