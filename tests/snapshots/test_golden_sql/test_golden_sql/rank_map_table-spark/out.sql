CREATE TABLE `privrisk_x_map4` (val STRING, code BIGINT, json_text STRING)
