{#- `dbt run-operation privrisk_report --args '{relation: adult_release, qids: [age, sex], k: 5}'`
    logs k-anonymity (smallest class, classes below k) and CAVG of a table of the project. -#}
{% macro privrisk_report(relation, qids, k) %}
  {% if execute %}
    {{ privrisk._check_k(k) }}
    {% set rel = ref(relation) if relation is string else relation %}
    {% set classes = privrisk.privrisk_class_sizes(privrisk.as_bytes(rel, qids), qids, adapter.quote) %}
    {% set cavg = run_query(privrisk.privrisk_cavg(classes, k)).rows[0] %}
    {% set below = run_query("SELECT COUNT(*), COALESCE(SUM(class_size), 0) FROM (" ~ privrisk.privrisk_classes_below_k(classes, k) ~ ") b").rows[0] %}
    {% set smallest = cavg[3] %}
    {{ log("privrisk " ~ rel ~ " qids=" ~ qids | join(",") ~ " k=" ~ k ~ ": k_anonymity=" ~ smallest ~ " classes_below_k=" ~ below[0] ~ " records_below_k=" ~ below[1] ~ " cavg=" ~ cavg[0] ~ " n_rows=" ~ cavg[1] ~ " n_classes=" ~ cavg[2], info=True) }}
  {% endif %}
{% endmacro %}
