CREATE TEMP TABLE "privrisk_x_nodes7" (code BIGINT, depth INTEGER, child_no INTEGER, share DOUBLE PRECISION, parent_share DOUBLE PRECISION, label TEXT)
