{#- Post-hook: measure the model just built, append one row per metric to an audit table, and
    fail the run when a threshold is breached.

      post_hook: "{{ privrisk.privrisk_audit(qids=['age', 'sex'], k=5, max_cavg=3.0, max_average_risk=0.05) }}"

    Rows (model, run_at, metric, value, threshold, status): metric k_anonymity (value = smallest
    class, threshold = k, status pass iff value >= k), with max_cavg cavg, and with
    max_average_risk average_risk (ARX's prosecutor average risk: classes / records, the mean over
    records of 1 / class size; from the same query, no second scan). With `sensitive` (a column
    name, or a list of them) and `min_l` or `max_t`, one row per sensitive column and measure:
    metric l_diversity(<column>) (the fewest distinct values in a class, pass iff >= min_l) and
    t_closeness(<column>) (the largest class distance, pass iff <= max_t), as the l_diversity and
    t_closeness tests and privrisk-sql kanon measure them (one query each; `order`, a mapping
    {text column: its values, lowest first}, gives such a column the ordered distance). The audit table
    (default `privrisk_audit` in the model's schema; `audit_table=` to change) is created on first
    use. The rows are committed before the run is failed, so a breach is always on record. -#}
{% macro privrisk_audit(qids, k, max_cavg=none, audit_table='privrisk_audit', max_average_risk=none, sensitive=none, min_l=none, max_t=none, order=none) %}
  {%- do privrisk.quoted_name('') -%}
  {%- do privrisk.value_ids('', '', []) -%}
  {%- do privrisk.sql_string('') -%}
  {%- do privrisk.binary_text('') -%}
  {% if execute and flags.EMPTY %}
    {#- `dbt build --empty` builds every model with no rows to check its SQL: there is nothing to
        measure, and an audit row of an empty dry run would stand beside the real ones. -#}
    {{ log("privrisk_audit: skipped for " ~ this ~ " (dbt --empty: the model has no rows by design)", info=true) }}
  {% elif execute %}
    {{ privrisk._check_k(k) }}
    {% if max_cavg is not none %}{% set max_cavg = privrisk._number('privrisk_audit', 'max_cavg', max_cavg) %}{% endif %}
    {% if max_average_risk is not none and not privrisk._is_fraction(max_average_risk) %}
      {{ exceptions.raise_compiler_error("privrisk.privrisk_audit: max_average_risk must be a number in [0, 1], got " ~ max_average_risk) }}
    {% endif %}
    {% if min_l is not none %}{{ privrisk._check_l('privrisk_audit', min_l, 'min_l') }}{% endif %}
    {% if max_t is not none %}{{ privrisk._check_t('privrisk_audit', 'max_t', max_t) }}{% endif %}
    {% set sensitive_columns = [] if sensitive is none else [sensitive] if sensitive is string else sensitive %}
    {% if sensitive_columns and min_l is none and max_t is none %}
      {{ exceptions.raise_compiler_error("privrisk.privrisk_audit: sensitive is given but neither min_l nor max_t: give the threshold to audit it against") }}
    {% endif %}
    {% if order is not none and (order is not mapping or order | reject('in', sensitive_columns) | list) %}
      {{ exceptions.raise_compiler_error("privrisk.privrisk_audit: order must map sensitive columns to their values, lowest first ({'income_band': ['low', 'mid', 'high']}), got " ~ order) }}
    {% endif %}
    {% if (min_l is not none or max_t is not none) and not sensitive_columns %}
      {{ exceptions.raise_compiler_error("privrisk.privrisk_audit: min_l and max_t measure a sensitive column: give sensitive (a column name, or a list of them)") }}
    {% endif %}
    {% set audit = api.Relation.create(database=this.database, schema=this.schema, identifier=audit_table) %}
    {{ privrisk._check_audit_table(audit) }}
    {% set row = run_query(privrisk.privrisk_cavg(privrisk.privrisk_class_sizes(privrisk.as_bytes(this, qids, 'privrisk_audit'), qids, privrisk.quoted_name), k, privrisk.double_type())).rows[0] %}
    {% if (row['n_rows'] or 0) | int == 0 %}
      {#- As the library refuses an empty table: its smallest class was recorded as k = 0, a
          breach, and max_average_risk divided by zero. -#}
      {{ exceptions.raise_compiler_error("PRIVACY AUDIT NOT POSSIBLE (privrisk_audit post-hook): model " ~ this ~ " has no rows, so there is nothing to measure (is an upstream table empty?). No audit row was written.") }}
    {% endif %}
    {% set smallest, cavg = row['min_class_size'] | int, row['cavg'] | float %}
    {% set checks = [("k_anonymity", smallest, k, smallest >= k)] %}
    {% if max_cavg is not none %}
      {% do checks.append(("cavg", cavg, max_cavg, cavg <= max_cavg)) %}
    {% endif %}
    {% if max_average_risk is not none %}
      {% set average_risk = (row['n_classes'] | float) / (row['n_rows'] | float) %}
      {% set limit = max_average_risk | string | trim | float %}
      {% do checks.append(("average_risk", average_risk, limit, average_risk <= limit)) %}
    {% endif %}
    {% for column in sensitive_columns %}
      {% if min_l is not none %}
        {% set l = run_query("SELECT MIN(distinct_values) AS l FROM (" ~ privrisk.l_classes(this, qids, column, 'privrisk_audit') ~ ") privrisk_l").rows[0]['l'] | int %}
        {% do checks.append(("l_diversity(" ~ column ~ ")", l, min_l, l >= min_l)) %}
      {% endif %}
      {% if max_t is not none %}
        {#- No t (NULL): the column holds one value, or none, so every class is the table: 0, as in kanon. -#}
        {% set t = run_query("SELECT MAX(t) AS t FROM (" ~ privrisk.t_classes(this, qids, column, 'privrisk_audit', (order or {}).get(column)) ~ ") privrisk_t").rows[0]['t'] %}
        {% set t = 0.0 if t is none else t | float %}
        {% set limit = max_t | string | trim | float %}
        {% do checks.append(("t_closeness(" ~ column ~ ")", t, limit, t <= limit)) %}
      {% endif %}
    {% endfor %}
    {% call statement('privrisk_audit_table') %}
      {{ privrisk.create_audit_table(audit) }}
    {% endcall %}
    {% call statement('privrisk_audit_rows') %}
      INSERT INTO {{ audit }} ({{ privrisk._audit_columns() | join(', ') }}) VALUES
      {% for metric, value, threshold, ok in checks %}
        ({{ privrisk.sql_string(this.identifier) }}, {{ privrisk.audit_now() }}, {{ privrisk.sql_string(metric) }},
         {{ value | float }}, {{ threshold | float }}, {{ privrisk.sql_string('pass' if ok else 'fail') }}){{ "," if not loop.last }}
      {% endfor %}
    {% endcall %}
    {% do adapter.commit() %}
    {% for metric, value, threshold, ok in checks if not ok %}
      {#- dbt labels every error a hook raises "Compilation Error": the message says what it is. -#}
      {{ exceptions.raise_compiler_error("PRIVACY THRESHOLD BREACHED (privrisk_audit post-hook, not a compilation problem): model " ~ this ~ ": " ~ metric ~ " = " ~ value ~ " breaches threshold " ~ threshold ~ ". The model stays materialized as built; the audit rows are in " ~ audit ~ ".") }}
    {% endfor %}
  {% endif %}
  SELECT 1
{% endmacro %}

{#- The audit's rows go into an audit table only: audit_table naming the model itself (or any
    table of other columns) took the audit's INSERT, into a model that held the audit's columns
    without a word. Checked before the model is measured. -#}
{% macro _check_audit_table(audit) %}
  {% if audit.identifier | lower == this.identifier | lower %}
    {{ exceptions.raise_compiler_error("privrisk.privrisk_audit: audit_table '" ~ audit.identifier ~ "' is the model itself: the audit rows would be written into the model; name another table") }}
  {% endif %}
  {% set existing = adapter.get_relation(database=audit.database, schema=audit.schema, identifier=audit.identifier) %}
  {% if existing is not none %}
    {% set names = adapter.get_columns_in_relation(existing) | map(attribute='name') | map('lower') | list %}
    {% if names | sort != privrisk._audit_columns() | sort %}
      {{ exceptions.raise_compiler_error("privrisk.privrisk_audit: audit_table '" ~ audit.identifier ~ "' is not an audit table: " ~ existing ~ " has the columns " ~ (names | join(', ')) ~ ", an audit table " ~ (privrisk._audit_columns() | join(', ')) ~ "; name another table") }}
    {% endif %}
  {% endif %}
{% endmacro %}

{#- The audit table's columns, in the order of its CREATE (typed there, per adapter). -#}
{% macro _audit_columns() -%}
  {{ return(['model', 'run_at', 'metric', 'value', 'threshold', 'status']) }}
{%- endmacro %}

{#- A text as a SQL string literal: a model's name, a metric (which may carry a column's name). -#}
{% macro sql_string(text) -%}
  {{ return(adapter.dispatch('sql_string', 'privrisk')(text)) }}
{%- endmacro %}

{% macro default__sql_string(text) -%}
'{{ text | string | replace("'", "''") }}'
{%- endmacro %}

{#- Spark and MySQL read a backslash in a literal as an escape (Spark unless
    spark.sql.parser.escapedStringLiterals, MySQL unless NO_BACKSLASH_ESCAPES): the metric of a
    column named `dis'ease\` was stored as `l_diversity(dis'ease)` without a word, and a
    backslash before the closing quote is a parser error once the model is built. The text's
    UTF-8 bytes in hex decode alike under either setting (a cast, which Spark evaluates in VALUES,
    where it refuses decode()). -#}
{% macro spark__sql_string(text) -%}
CAST(X'{{ (text | string).encode('utf-8').hex() }}' AS STRING)
{%- endmacro %}

{% macro mysql__sql_string(text) -%}
CONVERT(X'{{ (text | string).encode('utf-8').hex() }}' USING utf8mb4)
{%- endmacro %}

{#- Where SQL differs between adapters: dispatched. -#}
{% macro create_audit_table(relation) -%}
  {{ return(adapter.dispatch('create_audit_table', 'privrisk')(relation)) }}
{%- endmacro %}

{% macro default__create_audit_table(relation) -%}
CREATE TABLE IF NOT EXISTS {{ relation }} (
    model VARCHAR(512), run_at TIMESTAMP, metric VARCHAR(256), value DOUBLE PRECISION,
    threshold DOUBLE PRECISION, status VARCHAR(8)
)
{%- endmacro %}

{% macro spark__create_audit_table(relation) -%}
CREATE TABLE IF NOT EXISTS {{ relation }} (
    model STRING, run_at TIMESTAMP, metric STRING, value DOUBLE, threshold DOUBLE, status STRING
)
{%- endmacro %}

{% macro audit_now() -%}
  {{ return(adapter.dispatch('audit_now', 'privrisk')()) }}
{%- endmacro %}

{% macro default__audit_now() -%}
CURRENT_TIMESTAMP
{%- endmacro %}

{#- DuckDB: CURRENT_TIMESTAMP is a TIMESTAMP WITH TIME ZONE; store the UTC wall time. -#}
{% macro duckdb__audit_now() -%}
CAST(timezone('UTC', CURRENT_TIMESTAMP) AS TIMESTAMP)
{%- endmacro %}

{% macro postgres__audit_now() -%}
(NOW() AT TIME ZONE 'UTC')
{%- endmacro %}
