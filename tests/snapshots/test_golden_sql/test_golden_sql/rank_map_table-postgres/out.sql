CREATE TEMP TABLE "privrisk_x_map4" (val TEXT, code BIGINT, json_text TEXT)
