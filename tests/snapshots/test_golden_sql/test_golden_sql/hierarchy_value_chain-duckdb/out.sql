CREATE TEMP TABLE "privrisk_x_chain7_0" AS
SELECT code, node FROM "privrisk_x_tree7" WHERE code IS NOT NULL
