{#- `dbt run-operation privrisk_report --args '{relation: adult_release, qids: [age, sex], k: 5}'`
    logs k-anonymity (smallest class, classes below k) and CAVG of a table of the project. -#}
{% macro privrisk_report(relation, qids, k) %}
  {%- do privrisk.quoted_name('') -%}
  {% if execute %}
    {{ privrisk._check_k(k) }}
    {% set rel = ref(relation) if relation is string else relation %}
    {% set classes = privrisk.privrisk_class_sizes(privrisk.as_bytes(rel, qids, 'privrisk_report'), qids, privrisk.quoted_name) %}
    {% set cavg = run_query(privrisk.privrisk_cavg(classes, k, privrisk.double_type())).rows[0] %}
    {% set below = run_query("SELECT COUNT(*) AS n_classes, COALESCE(SUM(class_size), 0) AS n_rows FROM (" ~ privrisk.privrisk_classes_below_k(classes, k) ~ ") b").rows[0] %}
    {{ log("privrisk " ~ rel ~ " qids=" ~ qids | join(",") ~ " k=" ~ k ~ ": k_anonymity=" ~ cavg['min_class_size'] ~ " classes_below_k=" ~ below['n_classes'] ~ " records_below_k=" ~ below['n_rows'] ~ " cavg=" ~ cavg['cavg'] ~ " n_rows=" ~ cavg['n_rows'] ~ " n_classes=" ~ cavg['n_classes'], info=True) }}
  {% endif %}
{% endmacro %}
