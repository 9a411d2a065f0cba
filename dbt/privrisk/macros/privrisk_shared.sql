{#- privrisk_sql's SQL for the dbt tests, shared by dbt and the Python library.

    Plain Jinja only (no dbt context): dbt loads this file as macros of the `privrisk` package,
    and privrisk_sql's renderer imports the same macros (templates/default/*.sql.j2), so both
    run the same SQL. Arguments: `relation`/`ori`/`syn` are SQL table references, `q` is the
    identifier-quoting function of the caller (dbt: privrisk.quoted_name; Python: sqlglot), `k` and
    `max_rate` are numbers checked by the caller, `double` the type name a CAST to a double takes
    (MariaDB: DOUBLE). -#}

{#- `relation` narrowed to `columns`, the `text` ones among them compared byte by byte (`binary`:
    the caller's COLLATE wrapper): a column declared case-insensitive (NOCASE, a nondeterministic
    collation) would otherwise make 'Paris' and 'PARIS' one class, and report a k the released
    rows do not have. The collation travels with the column into every GROUP BY below. Callers
    pass the result as the `relation` (`ori`, `syn`) of the macros below. -#}
{% macro privrisk_text_as_bytes(relation, columns, text, q, binary) -%}
(SELECT {% for c in columns %}{{ binary(q(c)) if c in text else q(c) }} AS {{ q(c) }}{{ ", " if not loop.last }}{% endfor %} FROM {{ relation }}) privrisk_bytes
{%- endmacro %}

{#- A text value compared byte by byte, whatever the column's collation, on `engine` (privrisk_sql's
    dialect name or dbt's target.type; the library's fn.binary_text and the dbt package's
    binary_text are this macro). A NOCASE column (DuckDB, SQLite), a nondeterministic one
    (PostgreSQL ICU) or MariaDB's defaults (case-insensitive and PAD SPACE) make 'a', 'A' and 'a '
    equal in DISTINCT, GROUP BY and joins, but they are values apart in the data the user releases.
    - DuckDB, PostgreSQL: "C" is DuckDB's alias of BINARY and PostgreSQL's bytewise collation.
      Through TEXT first: citext keeps its case-insensitive '=' under any collation, and ENUM
      columns take no collation at all.
    - SQLite: no cast, a column holds values of any type, and CAST AS TEXT would turn a stored
      integer into text that pandas reads as a number.
    - MariaDB: utf8mb4_bin still pads; the NO PAD binary collation compares the bytes.
    - Spark: UTF8_BINARY undoes a UTF8_LCASE (or ICU) column's collation.
    Another engine: the value as it is. -#}
{% macro privrisk_binary_text(x, engine) -%}
{%- if engine in ('duckdb', 'postgres') -%}
(CAST({{ x }} AS TEXT) COLLATE "C")
{%- elif engine == 'sqlite' -%}
({{ x }} COLLATE BINARY)
{%- elif engine in ('mysql', 'mariadb') -%}
(CONVERT({{ x }} USING utf8mb4) COLLATE utf8mb4_nopad_bin)
{%- elif engine == 'spark' -%}
(CAST({{ x }} AS STRING) COLLATE UTF8_BINARY)
{%- else -%}
{{ x }}
{%- endif -%}
{%- endmacro %}

{#- `relation` narrowed to `columns`, NaN in the `floats` ones read as NULL (`missing`: the caller's
    privrisk_nan_to_null): one missing value, as pandas (pycanon, PETsARD) has it. DuckDB,
    PostgreSQL and Spark keep NaN apart from NULL and equal to itself, so {NaN, NaN, NULL} would be
    two classes instead of one, and a k the library does not report. Callers wrap the result in
    privrisk_text_as_bytes when text columns need it too. -#}
{% macro privrisk_nan_as_null(relation, columns, floats, q, missing) -%}
(SELECT {% for c in columns %}{{ missing(q(c)) if c in floats else q(c) }} AS {{ q(c) }}{{ ", " if not loop.last }}{% endfor %} FROM {{ relation }}) privrisk_missing
{%- endmacro %}

{#- A float value with NaN read as NULL, on `engine` (as privrisk_binary_text; the library's
    fn.nan_to_null and the dbt package's nan_to_null are this macro); `double` is the type name a
    CAST to a double takes.
    - DuckDB, PostgreSQL, Spark: NaN = NaN holds there, so the comparison finds it.
    - SQLite stores NaN as NULL already, and CAST('NaN' AS REAL) is 0.0, which must not match.
    - MariaDB and MySQL: a DOUBLE column cannot hold NaN (nor can CAST make one: it gives 0).
    Another engine: the value as it is. -#}
{% macro privrisk_nan_to_null(x, engine, double='DOUBLE PRECISION') -%}
{%- if engine in ('duckdb', 'postgres', 'spark') -%}
CASE WHEN {{ x }} = CAST('NaN' AS {{ double }}) THEN NULL ELSE {{ x }} END
{%- else -%}
{{ x }}
{%- endif -%}
{%- endmacro %}

{#- One row per equivalence class (QID values) with its size. -#}
{% macro privrisk_class_sizes(relation, qids, q) -%}
SELECT {% for c in qids %}{{ q(c) }}, {% endfor %}COUNT(*) AS class_size
FROM {{ relation }}
GROUP BY {% for c in qids %}{{ q(c) }}{{ ", " if not loop.last }}{% endfor %}
{%- endmacro %}

{#- The macros below take the SQL of privrisk_class_sizes as `classes` (callers compose them:
    a macro here never calls another, so dbt and plain Jinja resolve them alike). -#}

{#- The classes smaller than k: the failing rows of the k-anonymity test. -#}
{% macro privrisk_classes_below_k(classes, k) -%}
SELECT * FROM (
{{ classes }}
) privrisk_classes
WHERE class_size < {{ k | int }}
{%- endmacro %}

{#- CAVG = n / (#classes * k), with n, #classes and the smallest class (one aggregate query). -#}
{% macro privrisk_cavg(classes, k, double='DOUBLE PRECISION') -%}
SELECT CAST(SUM(class_size) AS {{ double }}) / (COUNT(*) * {{ k | int }}) AS cavg,
       SUM(class_size) AS n_rows, COUNT(*) AS n_classes, MIN(class_size) AS min_class_size
FROM (
{{ classes }}
) privrisk_classes
{%- endmacro %}

{#- ARX's prosecutor risks from the classes: average risk (classes / records: the mean over records
    of 1 / class size) and the share of records whose 1 / class size exceeds `threshold`. -#}
{% macro privrisk_sample_risk(classes, threshold, double='DOUBLE PRECISION') -%}
SELECT CAST(COUNT(*) AS {{ double }}) / SUM(class_size) AS average_risk,
       CAST(SUM(CASE WHEN CAST(1 AS {{ double }}) / class_size > {{ threshold | float }} THEN class_size ELSE 0 END) AS {{ double }})
         / SUM(class_size) AS records_at_risk,
       SUM(class_size) AS n_rows, COUNT(*) AS n_classes
FROM (
{{ classes }}
) privrisk_classes
{%- endmacro %}

{#- Value combinations unique in the synthetic table that are also unique in the original, with
    the singling-out rate (matches / synthetic rows) on every row. NULL equals NULL (GROUP BY
    semantics), no NULL-unsafe join: the two unique sets are stacked and grouped. -#}
{% macro privrisk_singling_out(ori, syn, columns, q, double='DOUBLE PRECISION') -%}
{%- set cols -%}{% for c in columns %}{{ q(c) }}{{ ", " if not loop.last }}{% endfor %}{%- endset -%}
WITH syn_unique AS (
    SELECT {{ cols }} FROM {{ syn }} GROUP BY {{ cols }} HAVING COUNT(*) = 1
), ori_unique AS (
    SELECT {{ cols }} FROM {{ ori }} GROUP BY {{ cols }} HAVING COUNT(*) = 1
), matches AS (
    SELECT {{ cols }} FROM (
        SELECT {{ cols }} FROM syn_unique
        UNION ALL
        SELECT {{ cols }} FROM ori_unique
    ) stacked
    GROUP BY {{ cols }}
    HAVING COUNT(*) = 2
), rate AS (
    SELECT (SELECT COUNT(*) FROM matches) AS matches,
           (SELECT COUNT(*) FROM {{ syn }}) AS syn_rows
)
SELECT m.*, r.matches, r.syn_rows,
       CASE WHEN r.syn_rows = 0 THEN 0.0 ELSE CAST(r.matches AS {{ double }}) / r.syn_rows END AS singling_out_rate
FROM matches m CROSS JOIN rate r
{%- endmacro %}

{#- `relation` with `columns` renamed `names` (privrisk_c0, privrisk_c1, ...): a query over it sees
    no user column, so a column named like one of the work columns below (c, q, p, sa, v,
    class_size, ...) can be neither mistaken for it nor ambiguous. -#}
{% macro privrisk_work_columns(relation, columns, names, q) -%}
(SELECT {% for c in columns %}{{ q(c) }} AS {{ q(names[loop.index0]) }}{{ ", " if not loop.last }}{% endfor %} FROM {{ relation }}) privrisk_named
{%- endmacro %}

{#- One row per equivalence class of `relation` (read through privrisk_work_columns) with the
    sensitive column's figures there: the QIDs, class_size, distinct_values (distinct l),
    alpha (the largest share of one value), entropy (natural log), beta (basic beta-likeness),
    delta, emd_equal (t-closeness, equal distance) and min_p (the smallest table share of a value
    in the class). NULL is one value. A distance below 1e-12 is 0 (here and in
    privrisk_ordered_classes): the sums that give it round at about 1e-16 a value, so a class
    whose distribution is the table's came out as 1.4e-17 and failed a t of 0; a true distance
    that small needs classes x rows x values past 1e14, where doubles cannot tell it from 0. Class sizes and the table's value counts come from windows
    over the (class, value) counts: NULLs partition together, no join needed. `where`: SQL of the
    rows kept, or none. `window_value`: a macro giving the SQL a window partitions a value by, or
    none for the value itself (the library's MariaDB adds a hash of a long value). -#}
{% macro privrisk_sensitive_classes(relation, qids, sensitive, q, double='DOUBLE PRECISION', where=none, window_value=none) -%}
{%- set key -%}{% for c in qids %}{{ q(c) }}{{ ", " if not loop.last }}{% endfor %}{%- endset -%}
{%- set window_key -%}{% for c in qids %}{{ window_value(q(c)) if window_value else q(c) }}{{ ", " if not loop.last }}{% endfor %}{%- endset -%}
WITH class_value AS (
  SELECT {{ key }}, {{ q(sensitive) }} AS sa, COUNT(*) AS c
  FROM {{ relation }}
{% if where %}
  WHERE {{ where }}
{% endif %}
  GROUP BY {{ key }}, {{ q(sensitive) }}
),
counts AS (
  SELECT {{ key }}, c,
    SUM(c) OVER (PARTITION BY {{ window_key }}) AS class_size,
    CAST(SUM(c) OVER (PARTITION BY {{ window_value('sa') if window_value else 'sa' }}) AS {{ double }}) AS g,
    CAST(SUM(c) OVER () AS {{ double }}) AS n
  FROM class_value
),
shares AS (
  SELECT {{ key }}, c, class_size, g, n, CAST(c AS {{ double }}) / class_size AS q, g / n AS p
  FROM counts
)
SELECT {{ key }},
  MAX(class_size) AS class_size,
  COUNT(*) AS distinct_values,
  MAX(q) AS alpha,
  -SUM(q * LN(q)) AS entropy,
  MAX((q - p) / p) AS beta,
  MAX(ABS(LN(q / p))) AS delta,
  {#- 0.5 * (sum |q - p| + 1 - sum p) in whole numbers, divided once: exact in any order below
      2^53 (a sum of doubles took the order DuckDB's threads combined it in). -#}
  {%- set emd = '(SUM(ABS(c * n - g * class_size)) + MAX(class_size) * (MAX(n) - SUM(g))) / (2 * MAX(class_size) * MAX(n))' %}
  CASE WHEN {{ emd }} < 1e-12 THEN CAST(0 AS {{ double }}) ELSE {{ emd }} END AS emd_equal,
  MIN(p) AS min_p
FROM shares
GROUP BY {{ key }}
{%- endmacro %}

{#- Each class row of `rows` (its QIDs, c, v) with its value's id and the prefix sum before it, from
    `values` (v, value_id, cg, pg): the join privrisk_ordered_classes takes unless its caller brings
    its own (the library's SQLite carries them by one sort instead). -#}
{% macro privrisk_value_ids(rows, values, qids, q) -%}
  SELECT {% for c in qids %}r.{{ q(c) }}, {% endfor %}r.c, x.value_id, x.pg - x.cg AS pg_before
  FROM {{ rows }} r
  JOIN {{ values }} x ON x.v = r.v
{%- endmacro %}

{#- One row per equivalence class of `relation` (read through privrisk_work_columns) with its QIDs
    and `t`, the ordered-distance EMD between the class's values and the table's:
    (1/(m-1)) * sum over the m sorted distinct values v of |F_class(v) - F_table(v)|, values absent
    from a class included (its CDF stays flat there); NULL where the table holds one value. `v`:
    the SQL of a value's place (a text column's place in an order), else the column itself; rows
    whose sensitive value is NULL are left out. `value_ids(rows, values, qids)`: the join of
    privrisk_value_ids, or the caller's equivalent. `window_value`: as in privrisk_sensitive_classes.

    Without the class x value grid (classes x values rows: 38M for 6,000 of each), in O(n log n)
    (privrisk_sql's docs/decisions/t-closeness-ordered.md): a class's CDF is a constant a on each
    step [start_id, end_id] between two of its values, and F_table increases strictly, so over a
    step sum |a - F(v)| splits at s, the number of values with F(v) <= a:
    a*(s - start + 1) - (P(s) - P(start - 1)) + (P(end) - P(s)) - a*(end - s), with P the prefix
    sums of F and s kept within the step. One sort of the steps among the values gives every s
    and P(s) as running sums; P at a step's ends comes with its values. Where F(v) = a the term
    is 0, so which side of the split an equal value falls on does not matter.

    In whole numbers: a = A / class_size and P = PG / n, with A the class's cumulative count, PG
    the prefix sums of the table's cumulative counts CG (F = CG / n); a class's sum is
    (sum of A * (2s - start - end + 1)) / class_size + (sum of PG(end) + PG(start - 1) - 2 PG(s)) / n,
    both sums whole numbers below n * m (held as doubles: exact below 2^53, and no overflow). So
    no double is added in an order the rows' storage decides: the same rows stored in any order
    give the same t to the last digit (summing F and each class's terms as doubles, it moved by
    1 part in 10^13 over shuffles of Adult's fnlwgt). Every ORDER BY says ASC: under dbt the
    session is the profile's, which no run sets back (dbt-duckdb's `default_order: desc` turned
    the windows around and gave another t). -#}
{% macro privrisk_ordered_classes(relation, qids, sensitive, q, value_ids, double='DOUBLE PRECISION', v=none, where=none, window_value=none) -%}
{%- set key -%}{% for c in qids %}{{ q(c) }}{{ ", " if not loop.last }}{% endfor %}{%- endset -%}
{%- set window_key -%}{% for c in qids %}{{ window_value(q(c)) if window_value else q(c) }}{{ ", " if not loop.last }}{% endfor %}{%- endset -%}
{%- set v = v if v else q(sensitive) -%}
WITH class_value AS (
  SELECT {{ key }}, {{ v }} AS v, COUNT(*) AS c
  FROM {{ relation }}
  WHERE {{ q(sensitive) }} IS NOT NULL
{% if where %}
    AND {{ where }}
{% endif %}
  GROUP BY {{ key }}, {{ v }}
),
value_counts AS (
  SELECT v, ROW_NUMBER() OVER (ORDER BY v ASC) AS value_id, SUM(c) AS g FROM class_value GROUP BY v
),
value_cdf AS (
  SELECT v, value_id,
    CAST(SUM(g) OVER (ORDER BY value_id ASC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS {{ double }}) AS cg
  FROM value_counts
),
value_prefix AS (
  SELECT v, value_id, cg, SUM(cg) OVER (ORDER BY value_id ASC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS pg
  FROM value_cdf
),
{# The table's figures, asked once: m values, n rows (the last CG), the last PG. #}
table_size AS (
  SELECT COUNT(*) AS m, MAX(cg) AS n, MAX(pg) AS pg_end FROM value_prefix
),
class_value_ids AS (
{{ value_ids('class_value', 'value_prefix', qids) }}
),
class_steps AS (
  SELECT {{ key }}, value_id AS start_id,
    COALESCE(LEAD(value_id) OVER w - 1, (SELECT m FROM table_size)) AS end_id,
    CAST(SUM(c) OVER (PARTITION BY {{ window_key }} ORDER BY value_id ASC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS {{ double }}) AS ca,
    SUM(c) OVER (PARTITION BY {{ window_key }}) AS class_size,
    pg_before,
    COALESCE(LEAD(pg_before) OVER w, (SELECT pg_end FROM table_size)) AS pg_end
  FROM class_value_ids
  WINDOW w AS (PARTITION BY {{ window_key }} ORDER BY value_id ASC)
  UNION ALL
  SELECT {{ key }}, 1, MIN(value_id) - 1, CAST(0 AS {{ double }}), SUM(c), CAST(0 AS {{ double }}), MIN(pg_before)
  FROM class_value_ids
  GROUP BY {{ key }}
),
splits AS (
  SELECT {{ key }}, start_id, end_id, ca, class_size, pg_before, pg_end,
    CASE WHEN below < start_id - 1 THEN start_id - 1 WHEN below > end_id THEN end_id ELSE below END AS s,
    CASE WHEN below < start_id - 1 THEN pg_before WHEN below > end_id THEN pg_end ELSE pg_below END AS pg_s
  FROM (
    SELECT {{ key }}, start_id, end_id, ca, class_size, pg_before, pg_end, is_step,
      SUM(1 - is_step) OVER o AS below,
      SUM(cg) OVER o AS pg_below
    FROM (
      SELECT {{ key }}, start_id, end_id, ca, class_size, pg_before, pg_end, 1 AS is_step,
        ca / class_size AS a, CAST(0 AS {{ double }}) AS cg
      FROM class_steps WHERE end_id >= start_id
      UNION ALL
      SELECT {% for c in qids %}NULL, {% endfor %}NULL, NULL, NULL, NULL, NULL, NULL, 0,
        cg / (SELECT n FROM table_size), cg
      FROM value_cdf
    ) events
    WINDOW o AS (ORDER BY a ASC, is_step ASC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
  ) counted
  WHERE is_step = 1
)
SELECT {{ key }}, CASE WHEN t < 1e-12 THEN CAST(0 AS {{ double }}) ELSE t END AS t FROM (
  SELECT {{ key }},
    (SUM(ca * (2 * s - start_id - end_id + 1)) / MAX(class_size)
      + SUM(pg_end + pg_before - 2 * pg_s) / (SELECT n FROM table_size))
      / NULLIF((SELECT m FROM table_size) - 1, 0) AS t
  FROM splits
  GROUP BY {{ key }}
) class_distances
{%- endmacro %}

{#- A text value's place in an `order` (its values, lowest first), 1..m, compared byte by byte
    (`binary(x)`: the caller's byte comparison, privrisk_binary_text; `literal(text)`: its string
    literal); NULL for a value the order lacks. `x` is the value's SQL as the caller reads it. -#}
{% macro privrisk_place_in_order(x, order, literal, binary) -%}
CASE{% for value in order %} WHEN {{ x }} = {{ binary(literal(value)) }} THEN {{ loop.index }}{% endfor %} END
{%- endmacro %}

{#- The values of text `column` that its `order` does not list, compared byte by byte: how many
    rows hold one (n) and the lowest (value), to name it; NULL is no value to order, and an empty
    order lists none. -#}
{% macro privrisk_values_outside_order(relation, column, order, q, literal, binary) -%}
SELECT COUNT(*) AS n, MIN({{ q(column) }}) AS value
FROM {{ relation }}
WHERE {{ q(column) }} IS NOT NULL
{% if order %}
  AND {{ binary(q(column)) }} NOT IN ({% for value in order %}{{ binary(literal(value)) }}{{ ", " if not loop.last }}{% endfor %})
{% endif %}
{%- endmacro %}
