SELECT MIN(`amount`) AS `min0`, MIN(`we"ird; DROP TABLE x;--`) AS `min3`FROM "people"
