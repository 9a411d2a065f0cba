SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM "census" LIMIT 1) first_row
