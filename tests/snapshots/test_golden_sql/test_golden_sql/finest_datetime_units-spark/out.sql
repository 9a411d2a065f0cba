SELECT
  MAX(CASE
    WHEN `visit` <> DATE_TRUNC('second', `visit`) THEN 5
    WHEN `visit` <> DATE_TRUNC('minute', `visit`) THEN 3
    WHEN `visit` <> DATE_TRUNC('hour', `visit`) THEN 2
    WHEN `visit` <> DATE_TRUNC('day', `visit`) THEN 1
    ELSE 0
  END) AS `unit_0`,
  MAX(CASE
    WHEN `we"ird; DROP TABLE x;--` <> DATE_TRUNC('second', `we"ird; DROP TABLE x;--`) THEN 5
    WHEN `we"ird; DROP TABLE x;--` <> DATE_TRUNC('minute', `we"ird; DROP TABLE x;--`) THEN 3
    WHEN `we"ird; DROP TABLE x;--` <> DATE_TRUNC('hour', `we"ird; DROP TABLE x;--`) THEN 2
    WHEN `we"ird; DROP TABLE x;--` <> DATE_TRUNC('day', `we"ird; DROP TABLE x;--`) THEN 1
    ELSE 0
  END) AS `unit_1`
FROM "people"
