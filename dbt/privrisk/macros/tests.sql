{#- Generic data tests. Each returns its failing rows (dbt counts them; `severity`, `warn_if`,
    `error_if`, `store_failures` work as for any dbt test). The SQL comes from
    privrisk_shared.sql, the same macros privrisk_sql renders in Python. -#}

{#- Fails with one row per equivalence class smaller than k: the QID values and class_size. -#}
{% test k_anonymity(model, qids, k) %}
{%- do privrisk.quoted_name('') -%}{#- a call dbt sees: a macro passed uncalled is missing from a test's namespace -#}
{{ privrisk._check_k(k) }}
{{ privrisk.privrisk_classes_below_k(privrisk.privrisk_class_sizes(privrisk.as_bytes(model, qids, 'k_anonymity'), qids, privrisk.quoted_name), k) }}
{% endtest %}

{#- Fails with one row (cavg, n_rows, n_classes) when CAVG = n / (#classes * k) exceeds `max`. -#}
{% test cavg_at_most(model, qids, k, max) %}
{%- do privrisk.quoted_name('') -%}{#- a call dbt sees: a macro passed uncalled is missing from a test's namespace -#}
{{ privrisk._check_k(k) }}
SELECT * FROM (
{{ privrisk.privrisk_cavg(privrisk.privrisk_class_sizes(privrisk.as_bytes(model, qids, 'cavg_at_most'), qids, privrisk.quoted_name), k, privrisk.double_type()) }}
) privrisk_cavg
WHERE cavg > {{ privrisk._number('cavg_at_most', 'max', max) }}
{% endtest %}

{#- Attached to the original model: fails when the share of `syn_model` rows whose `columns`
    values are unique in syn_model and also unique in the original exceeds `max_rate`; the failing
    rows are those value combinations (with matches, syn_rows and singling_out_rate). -#}
{% test singling_out_rate(model, syn_model, columns, max_rate) %}
{%- do privrisk.quoted_name('') -%}{#- a call dbt sees: a macro passed uncalled is missing from a test's namespace -#}
{% if not privrisk._is_fraction(max_rate) %}
  {{ exceptions.raise_compiler_error("privrisk.singling_out_rate: max_rate must be in [0, 1], got " ~ max_rate) }}
{% endif %}
SELECT * FROM (
{{ privrisk.privrisk_singling_out(privrisk.as_bytes(model, columns, 'singling_out_rate', 'columns'), privrisk.as_bytes(syn_model, columns, 'singling_out_rate', 'columns'), columns, privrisk.quoted_name, privrisk.double_type()) }}
) privrisk_singling_out
WHERE singling_out_rate > {{ max_rate | float }}
{% endtest %}

{#- Fails with one row (average_risk, records_at_risk, n_rows, n_classes) when ARX's average
    prosecutor risk exceeds `max_average` or the share of records whose risk exceeds `threshold`
    exceeds `max_records_at_risk` (privrisk-sql risk computes the same figures). -#}
{% test reidentification_risk(model, qids, max_average=none, max_records_at_risk=none, threshold=0.2) %}
{%- do privrisk.quoted_name('') -%}{#- a call dbt sees: a macro passed uncalled is missing from a test's namespace -#}
{% for name, value in [('max_average', max_average), ('max_records_at_risk', max_records_at_risk)] %}
  {% if value is not none and not privrisk._is_fraction(value) %}
    {{ exceptions.raise_compiler_error("privrisk.reidentification_risk: " ~ name ~ " must be a number in [0, 1], got " ~ value) }}
  {% endif %}
{% endfor %}
{#- A threshold of 0 puts every record at risk (no risk is 0): refused, as pr.risk and the CLI refuse it. -#}
{% if threshold is none or not privrisk._is_fraction(threshold) or (threshold | string | trim | float) == 0 %}
  {{ exceptions.raise_compiler_error("privrisk.reidentification_risk: threshold must be a number in (0, 1], got " ~ threshold) }}
{% endif %}
{% if max_average is none and max_records_at_risk is none %}
  {{ exceptions.raise_compiler_error("privrisk.reidentification_risk: give max_average or max_records_at_risk") }}
{% endif %}
SELECT * FROM (
{{ privrisk.privrisk_sample_risk(privrisk.privrisk_class_sizes(privrisk.as_bytes(model, qids, 'reidentification_risk'), qids, privrisk.quoted_name), threshold, privrisk.double_type()) }}
) privrisk_risk
WHERE {% if max_average is not none %}average_risk > {{ max_average | float }}{% endif %}
  {%- if max_average is not none and max_records_at_risk is not none %} OR {% endif %}
  {%- if max_records_at_risk is not none %} records_at_risk > {{ max_records_at_risk | float }}{% endif %}
{% endtest %}

{#- Fails with one row per equivalence class whose `sensitive` column holds fewer than `l` distinct
    values (NULL is one value): the QIDs, class_size and distinct_values. The smallest
    distinct_values over all classes is privrisk-sql kanon's l_diversity (the same macro). -#}
{% test l_diversity(model, qids, sensitive, l) %}
{%- do privrisk.quoted_name('') -%}{#- a call dbt sees: a macro passed uncalled is missing from a test's namespace -#}
{{ privrisk._check_l('l_diversity', l) }}
SELECT * FROM (
{{ privrisk.l_classes(model, qids, sensitive, 'l_diversity') }}
) privrisk_l
WHERE distinct_values < {{ l | int }}
{% endtest %}

{#- Fails with one row per equivalence class whose `sensitive` values are further than `t` from the
    table's (the Earth mover's distance): the QIDs and the class's t. As privrisk-sql kanon
    measures it (the same macros): the ordered distance over a column of numbers (NULLs left
    out), or over a text column's places in `order` (its values, lowest first, as
    `privrisk-sql kanon --order`: every value the column holds must be listed), the equal
    distance over any other (NULL one value); the largest t over all classes is kanon's
    t_closeness. -#}
{% test t_closeness(model, qids, sensitive, t, order=none) %}
{%- do privrisk.quoted_name('') -%}{#- a call dbt sees: a macro passed uncalled is missing from a test's namespace -#}
{%- do privrisk.value_ids('', '', []) -%}
{%- do privrisk.sql_string('') -%}
{%- do privrisk.binary_text('') -%}
{{ privrisk._check_t('t_closeness', 't', t) }}
SELECT * FROM (
{{ privrisk.t_classes(model, qids, sensitive, 't_closeness', order) }}
) privrisk_t
WHERE t > {{ t | string | trim | float }}
{% endtest %}

{#- One row per equivalence class of `relation` with its size and the distinct values of
    `sensitive` in it (QIDs, class_size, distinct_values), once the arguments are checked (as_bytes;
    `test` names the caller in its errors). -#}
{% macro l_classes(relation, qids, sensitive, test) %}
{%- set names = privrisk._work_names(qids) -%}
{%- set named = privrisk.privrisk_work_columns(privrisk.as_bytes(relation, qids, test, sensitive=sensitive, reserved=['class_size', 'distinct_values']), privrisk._names_list(qids) + [sensitive], names + ['privrisk_sa'], privrisk.quoted_name) -%}
SELECT {% for c in privrisk._names_list(qids) %}{{ privrisk.quoted_name(names[loop.index0]) }} AS {{ privrisk.quoted_name(c) }}, {% endfor %}class_size, distinct_values FROM (
{{ privrisk.privrisk_sensitive_classes(named, names, 'privrisk_sa', privrisk.quoted_name, privrisk.double_type()) }}
) privrisk_classes
{%- endmacro %}

{#- One row per equivalence class of `relation` with the distance of its `sensitive` values from
    the table's (QIDs, t): ordered over numbers or over a text column's places in `order`, equal
    over the rest, as kanon measures it. -#}
{% macro t_classes(relation, qids, sensitive, test, order=none) %}
{%- set names = privrisk._work_names(qids) -%}
{%- if order is not none -%}{{ privrisk._check_order(test, sensitive, order) }}{%- endif -%}
{%- set checked = privrisk.as_bytes(relation, qids, test, sensitive=sensitive, reserved=['t']) -%}
{%- set ordered = order is not none -%}
{%- if execute -%}
  {#- Which distance is the sensitive column's type's: an ephemeral model has no types to read yet. -#}
  {%- if relation is not string and relation.is_cte -%}
    {{ exceptions.raise_compiler_error("privrisk." ~ test ~ ": " ~ relation ~ " is ephemeral, so the type of '" ~ sensitive ~ "', which decides the distance (numbers: ordered, else equal), cannot be read before the query runs; materialize it as a view or table") }}
  {%- endif -%}
  {%- set number = privrisk._is_number_column(relation, sensitive) -%}
  {%- if order is not none and number -%}
    {{ exceptions.raise_compiler_error("privrisk." ~ test ~ ": order given for '" ~ sensitive ~ "', which holds numbers: an order is for text values (numbers already have theirs)") }}
  {%- endif -%}
  {%- if order is not none -%}
    {#- Every value must have a place: one the order lacks would drop out of the distance. -#}
    {%- set found = run_query(privrisk.privrisk_values_outside_order(checked, sensitive, order, privrisk.quoted_name, privrisk.sql_string, privrisk.binary_text)).rows[0] -%}
    {%- if (found['n'] or 0) | int > 0 -%}
      {{ exceptions.raise_compiler_error("privrisk." ~ test ~ ": value '" ~ found['value'] ~ "' of sensitive column '" ~ sensitive ~ "' is not in the order given for it (" ~ found['n'] ~ " rows hold a value it does not list)") }}
    {%- endif -%}
  {%- endif -%}
  {%- set ordered = ordered or number -%}
{%- endif -%}
{%- set named = privrisk.privrisk_work_columns(checked, privrisk._names_list(qids) + [sensitive], names + ['privrisk_sa'], privrisk.quoted_name) -%}
{%- set v = privrisk.privrisk_place_in_order(privrisk.quoted_name('privrisk_sa'), order, privrisk.sql_string, privrisk.binary_text) if order is not none else none -%}
SELECT {% for c in privrisk._names_list(qids) %}{{ privrisk.quoted_name(names[loop.index0]) }} AS {{ privrisk.quoted_name(c) }}, {% endfor %}t FROM (
{% if ordered %}
{{ privrisk.privrisk_ordered_classes(named, names, 'privrisk_sa', privrisk.quoted_name, privrisk.value_ids, privrisk.double_type(), v) }}
{% else %}
SELECT {% for n in names %}{{ privrisk.quoted_name(n) }}, {% endfor %}emd_equal AS t FROM (
{{ privrisk.privrisk_sensitive_classes(named, names, 'privrisk_sa', privrisk.quoted_name, privrisk.double_type()) }}
) privrisk_equal
{% endif %}
) privrisk_classes
{%- endmacro %}

{% macro _check_l(test, l, name='l') %}
{% if l is not number or l != l | int or l < 1 %}
  {{ exceptions.raise_compiler_error("privrisk." ~ test ~ ": " ~ name ~ " must be an integer >= 1, got " ~ l) }}
{% endif %}
{% endmacro %}

{#- An order: a list of text values, lowest first, none twice (a string is refused: it is not a list). -#}
{% macro _check_order(test, sensitive, order) %}
{% if order is string or order is mapping or order is not iterable or order | length == 0 %}
  {{ exceptions.raise_compiler_error("privrisk." ~ test ~ ": order must list the values of '" ~ sensitive ~ "' as text, lowest first, got " ~ order) }}
{% endif %}
{% set seen = [] %}
{% for value in order %}
  {% if value is not string %}
    {{ exceptions.raise_compiler_error("privrisk." ~ test ~ ": order must list the values of '" ~ sensitive ~ "' as text, got " ~ value ~ " in it (quote it in the YAML)") }}
  {% endif %}
  {% if value in seen %}
    {{ exceptions.raise_compiler_error("privrisk." ~ test ~ ": order lists '" ~ value ~ "' twice") }}
  {% endif %}
  {% do seen.append(value) %}
{% endfor %}
{% endmacro %}

{% macro _check_t(test, name, t) %}
{% if not privrisk._is_fraction(t) %}
  {{ exceptions.raise_compiler_error("privrisk." ~ test ~ ": " ~ name ~ " must be a number in [0, 1], got " ~ t) }}
{% endif %}
{% endmacro %}

{#- The work names of `qids` (privrisk_c0, privrisk_c1, ...), under which the class queries read them. -#}
{% macro _work_names(qids) %}
  {% set names = [] %}
  {% for c in privrisk._names_list(qids) %}{% do names.append('privrisk_c' ~ loop.index0) %}{% endfor %}
  {{ return(names) }}
{% endmacro %}

{#- `qids` as a list, whatever was given: as_bytes refuses what is not a list of names, by name,
    before any SQL runs; this only keeps the SQL around it from failing first, at parse time. -#}
{% macro _names_list(qids) %}
  {% if qids is string %}{{ return([qids]) }}{% endif %}
  {% if qids is mapping or qids is not iterable %}{{ return([]) }}{% endif %}
  {{ return(qids | list) }}
{% endmacro %}

{#- The join of a class's values with their ids (privrisk_ordered_classes' value_ids). -#}
{% macro value_ids(rows, values, qids) %}{{ return(privrisk.privrisk_value_ids(rows, values, qids, privrisk.quoted_name)) }}{% endmacro %}

{#- A threshold given as a number (or its text, from a var) in [0, 1]; "abc" is not one. -#}
{% macro _is_fraction(value) %}
  {% set text = value | string | trim %}
  {% if value is number %}{{ return(0 <= value <= 1) }}{% endif %}
  {% if text | float(none) is none %}{{ return(false) }}{% endif %}
  {{ return(0 <= text | float <= 1) }}
{% endmacro %}

{#- A number given as a number or as its text (a var renders as text); anything else is a compile
    error naming the argument ("abc" silently became 0.0). -#}
{% macro _number(test, name, value) %}
  {% set text = value | string | trim %}
  {% if value is number %}{{ return(value) }}{% endif %}
  {% if text | float(none) is none %}
    {{ exceptions.raise_compiler_error("privrisk." ~ test ~ ": " ~ name ~ " must be a number, got " ~ value) }}
  {% endif %}
  {{ return(text | float) }}
{% endmacro %}

{#- An identifier quoted as the adapter's dialect requires, the quote character doubled inside it:
    adapter.quote wrapped a"b as "a"b" (a parser error, and a way to rewrite the test's SQL). -#}
{% macro quoted_name(name) %}{{ return(adapter.dispatch('quoted_name', 'privrisk')(name)) }}{% endmacro %}
{% macro default__quoted_name(name) %}{{ return('"' ~ (name | string | replace('"', '""')) ~ '"') }}{% endmacro %}
{% macro spark__quoted_name(name) %}{{ return('`' ~ (name | string | replace('`', '``')) ~ '`') }}{% endmacro %}
{% macro mysql__quoted_name(name) %}{{ return('`' ~ (name | string | replace('`', '``')) ~ '`') }}{% endmacro %}

{#- Whether the library refuses a column of this type by name (privrisk_sql/sql/types.py; a test
    keeps this list inside its refusals): lists and arrays, nested, binary, JSON, bits, geometries,
    intervals, times of day, UUIDs. -#}
{% macro _unsupported_type(dtype) %}
  {% set unsupported_first_words = ['STRUCT', 'MAP', 'UNION', 'LIST', 'ARRAY', 'BLOB', 'BYTEA', 'BINARY', 'VARBINARY', 'JSON', 'JSONB', 'BIT', 'GEOMETRY', 'INTERVAL', 'TIME', 'TIMETZ', 'UUID', 'XML', 'POINT', 'LINESTRING', 'POLYGON', 'MULTIPOINT', 'MULTILINESTRING', 'MULTIPOLYGON'] %}
  {% set t = dtype | string | upper | trim %}
  {% set first = t.split('(')[0].split('<')[0].split(' ')[0] %}
  {{ return('[' in t or first in unsupported_first_words) }}
{% endmacro %}

{% macro _check_k(k) %}
{% if k is not number or k != k | int or k < 1 %}
  {{ exceptions.raise_compiler_error("privrisk: k must be an integer >= 1, got " ~ k) }}
{% endif %}
{% endmacro %}

{#- `relation` as the checks read it, once `columns` (the test's `argument`: qids, columns) is
    checked: a list of names (a string is refused: the SQL grouped by its letters), not empty, no
    name twice, each a column of the relation (in any case: some warehouses fold names). A
    mistake is a compile error naming the test, the argument and the column, where the
    database's binder error named a letter or a line of SQL the user never wrote. The text
    columns among them are compared byte by byte (privrisk_text_as_bytes), as the Python
    library does, where the adapter's COLLATE is known (duckdb, postgres, sqlite); elsewhere the
    warehouse's own collation decides equality. NaN in the float columns among them is read as
    NULL (privrisk_nan_as_null): one missing value, as in the library. -#}
{% macro as_bytes(relation, columns, test, argument='qids', sensitive=none, reserved=['class_size']) %}
  {%- do privrisk.quoted_name('') -%}
  {% if not execute %}{{ return(relation) }}{% endif %}
  {% set what = "privrisk." ~ test ~ ": " ~ argument %}
  {% if columns is string %}
    {{ exceptions.raise_compiler_error(what ~ " must be a list of column names, got the text '" ~ columns ~ "' (a list of one: [" ~ columns ~ "])") }}
  {% endif %}
  {% if columns is mapping or columns is not iterable %}
    {{ exceptions.raise_compiler_error(what ~ " must be a list of column names, got " ~ columns) }}
  {% endif %}
  {% if columns | length == 0 %}
    {{ exceptions.raise_compiler_error(what ~ " must name at least one column") }}
  {% endif %}
  {% set seen = [] %}
  {% for c in columns %}
    {% if c is not string %}
      {{ exceptions.raise_compiler_error(what ~ " must be a list of column names, got " ~ c ~ " in it") }}
    {% endif %}
    {% if c in seen %}
      {{ exceptions.raise_compiler_error(what ~ ": column '" ~ c ~ "' is listed twice") }}
    {% endif %}
    {#- The class queries name each class's size class_size: a QID of that name was read as the
        size on DuckDB (the test passed or failed on it); PostgreSQL 15 refuses the query ("column
        reference class_size is ambiguous", seen 2026-11-30). -#}
    {% if argument == 'qids' and c | lower in reserved %}
      {{ exceptions.raise_compiler_error(what ~ ": column '" ~ c ~ "' has a name this test gives a column of its own (" ~ reserved | join(", ") ~ "); select it under another name in the model (" ~ c ~ " AS ...)") }}
    {% endif %}
    {% do seen.append(c) %}
  {% endfor %}
  {#- The sensitive column of l_diversity and t_closeness: one name, not a QID, checked below as
      the QIDs are, and compared as they are (its text by its bytes, NaN as missing). -#}
  {% if sensitive is not none %}
    {% if sensitive is not string %}
      {{ exceptions.raise_compiler_error("privrisk." ~ test ~ ": sensitive must be one column name, got " ~ sensitive) }}
    {% endif %}
    {% if sensitive | lower in columns | map('lower') | list %}
      {{ exceptions.raise_compiler_error("privrisk." ~ test ~ ": sensitive column '" ~ sensitive ~ "' is also one of the qids") }}
    {% endif %}
    {% set columns = columns + [sensitive] %}
  {% endif %}
  {#- An ephemeral model is a CTE that dbt puts in the test's query: it is no relation yet, so
      its columns cannot be read before the query runs. The query then checks it as written (a
      misnamed column is the warehouse's error, text compared by the column's collation). -#}
  {% if relation is not string and relation.is_cte %}{{ return(relation) }}{% endif %}
  {#- With a test's `where` config dbt passes the model as the text of a subquery, which
      get_columns_in_relation cannot read ('str object' has no attribute 'render'): its
      columns come from the same query with no rows. -#}
  {% set present = privrisk._columns_of(relation) %}
  {% set names = present | map(attribute='name') | map('lower') | list %}
  {% for c in columns if c | lower not in names %}
    {% set named = "sensitive" if c == sensitive else argument %}
    {{ exceptions.raise_compiler_error("privrisk." ~ test ~ ": " ~ named ~ ": column '" ~ c ~ "' is not in " ~ relation ~ " (its columns: " ~ present | map(attribute='name') | join(", ") ~ ")") }}
  {% endfor %}
  {#- Each name as the relation spells it, where it was given in another case: the queries quote
      names, so PostgreSQL read `SEX` as no column of `sex` (a database error after the checks
      passed), and Snowflake, which keeps unquoted names in capitals, `sex` as none of `SEX`. The
      relation is read through its real names under the given ones; an exact match wins, and two
      columns the name matches in case only are refused. -#}
  {% set real_names = present | map(attribute='name') | list %}
  {% set renames = {} %}
  {% for c in columns if c not in real_names %}
    {% set matches = [] %}
    {% for name in real_names if name | lower == c | lower %}{% do matches.append(name) %}{% endfor %}
    {% if matches | length > 1 %}
      {% set named = "sensitive" if c == sensitive else argument %}
      {{ exceptions.raise_compiler_error("privrisk." ~ test ~ ": " ~ named ~ ": column '" ~ c ~ "' matches " ~ matches | join(" and ") ~ " of " ~ relation ~ " in all but case; name one as it is spelt") }}
    {% endif %}
    {% do renames.update({c: matches[0]}) %}
  {% endfor %}
  {% if renames %}
    {% set relation = privrisk._renamed(relation, columns, renames) %}
  {% endif %}
  {#- As the library refuses them (a list was grouped and passed; PostgreSQL's json an error on SQL
      the user never wrote). -#}
  {% set wanted = columns | map('lower') | list %}
  {% for col in present if col.name | lower in wanted and privrisk._unsupported_type(col.dtype) %}
    {% set named = "sensitive" if sensitive is not none and col.name | lower == sensitive | lower else argument %}
    {{ exceptions.raise_compiler_error("privrisk." ~ test ~ ": " ~ named ~ ": column '" ~ col.name ~ "' has unsupported type " ~ col.dtype ~ ": a column of " ~ named ~ " holds numbers, text, booleans, dates or timestamps; cast it to one in the model") }}
  {% endfor %}
  {% set strings = [] %}
  {% for col in present if col.is_string() or col.dtype | lower == 'citext' %}
    {% do strings.append(col.name | lower) %}
  {% endfor %}
  {% set text = [] %}
  {% for c in columns if c | lower in strings %}
    {% do text.append(c) %}
  {% endfor %}
  {#- NaN in a float column is missing, one class with NULL, as in the library (its NaN policy). -#}
  {% set floats = [] %}
  {% for col in present if col.is_float() %}
    {% do floats.append(col.name | lower) %}
  {% endfor %}
  {% set nan_columns = [] %}
  {% for c in columns if c | lower in floats %}
    {% do nan_columns.append(c) %}
  {% endfor %}
  {% if nan_columns %}
    {% set relation = privrisk.privrisk_nan_as_null(relation, columns, nan_columns, privrisk.quoted_name, privrisk.nan_to_null) %}
  {% endif %}
  {% if not text %}{{ return(relation) }}{% endif %}
  {{ return(privrisk.privrisk_text_as_bytes(relation, columns, text, privrisk.quoted_name, privrisk.binary_text)) }}
{% endmacro %}

{#- The columns of `relation` (dbt Column objects). With a test's `where` config dbt passes the
    model as the text of a subquery, which get_columns_in_relation cannot read ('str object' has
    no attribute 'render'): its columns come from the same query with no rows. -#}
{% macro _columns_of(relation) %}
  {% if relation is string %}
    {{ return(get_column_schema_from_query("select * from " ~ relation)) }}
  {% endif %}
  {{ return(adapter.get_columns_in_relation(relation)) }}
{% endmacro %}

{#- Whether column `name` of `relation` holds numbers (t_closeness then takes the ordered distance,
    as privrisk-sql kanon does): dbt's Column.is_number, or a number type it does not list
    (DuckDB's HUGEINT, Spark's tinyint, a DECIMAL with its precision). -#}
{% macro _is_number_column(relation, name) %}
  {% set number_first_words = ['TINYINT', 'SMALLINT', 'INTEGER', 'INT', 'BIGINT', 'HUGEINT', 'UTINYINT', 'USMALLINT', 'UINTEGER', 'UBIGINT', 'UHUGEINT', 'INT1', 'INT2', 'INT4', 'INT8', 'INT64', 'BYTEINT', 'SERIAL', 'BIGSERIAL', 'SMALLSERIAL', 'REAL', 'FLOAT', 'FLOAT4', 'FLOAT8', 'FLOAT64', 'DOUBLE', 'DECIMAL', 'NUMERIC', 'NUMBER'] %}
  {% for col in privrisk._columns_of(relation) if col.name | lower == name | lower %}
    {% set first = col.dtype | string | upper | trim %}
    {% set first = first.split('(')[0].split(' ')[0] %}
    {{ return(col.is_number() or first in number_first_words) }}
  {% endfor %}
  {{ return(false) }}
{% endmacro %}

{#- `relation` narrowed to `columns`, each one `renames` holds read from the relation's column of
    that name (given name -> the relation's spelling). -#}
{% macro _renamed(relation, columns, renames) %}
  {% set parts = [] %}
  {% for c in columns %}
    {% do parts.append(privrisk.quoted_name(renames[c]) ~ " AS " ~ privrisk.quoted_name(c) if c in renames else privrisk.quoted_name(c)) %}
  {% endfor %}
  {{ return("(SELECT " ~ parts | join(", ") ~ " FROM " ~ relation ~ ") privrisk_names") }}
{% endmacro %}

{#- The type name a CAST to a double takes: dispatched (Spark has no DOUBLE PRECISION). -#}
{% macro double_type() %}{{ return(adapter.dispatch('double_type', 'privrisk')()) }}{% endmacro %}
{% macro default__double_type() %}{{ return('DOUBLE PRECISION') }}{% endmacro %}
{% macro spark__double_type() %}{{ return('DOUBLE') }}{% endmacro %}

{% macro binary_text(x) %}{{ return(privrisk.privrisk_binary_text(x, target.type)) }}{% endmacro %}
{% macro nan_to_null(x) %}{{ return(privrisk.privrisk_nan_to_null(x, target.type, privrisk.double_type())) }}{% endmacro %}
