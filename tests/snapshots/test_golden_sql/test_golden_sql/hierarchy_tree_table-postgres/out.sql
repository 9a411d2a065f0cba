CREATE TEMP TABLE "privrisk_x_tree7" (node BIGINT, parent BIGINT, code BIGINT, depth INTEGER, child_no INTEGER, share DOUBLE PRECISION, parent_share DOUBLE PRECISION, label TEXT)
