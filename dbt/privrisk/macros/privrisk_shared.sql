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
