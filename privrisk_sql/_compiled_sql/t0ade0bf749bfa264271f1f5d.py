from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'kanon/t_closeness_ordered.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_qids = resolve('qids')
    l_0_order = resolve('order')
    l_0_sensitive = resolve('sensitive')
    l_0_relation = resolve('relation')
    l_0_exclude_null_qids = resolve('exclude_null_qids')
    l_0_t = resolve('t')
    l_0_fn = resolve('fn')
    l_0_m = l_0_class_key = l_0_v = missing
    try:
        t_1 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_2 = environment.filters['map']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'map' found.")
    try:
        t_3 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    l_0_m = context.vars['m'] = environment.get_template('_macros.sql.j2', 'kanon/t_closeness_ordered.sql.j2')._get_default_module(context)
    context.exported_vars.discard('m')
    l_0_class_key = t_1(context.eval_ctx, t_2(context, (undefined(name='qids') if l_0_qids is missing else l_0_qids), 'quote'), ', ')
    context.vars['class_key'] = l_0_class_key
    context.exported_vars.add('class_key')
    l_0_v = (context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'place_in_order'), t_3(context, (undefined(name='sensitive') if l_0_sensitive is missing else l_0_sensitive)), (undefined(name='order') if l_0_order is missing else l_0_order)) if (undefined(name='order') if l_0_order is missing else l_0_order) else t_3(context, (undefined(name='sensitive') if l_0_sensitive is missing else l_0_sensitive)))
    context.vars['v'] = l_0_v
    context.exported_vars.add('v')
    yield 'WITH class_value AS (\n  SELECT '
    yield str((undefined(name='class_key') if l_0_class_key is missing else l_0_class_key))
    yield ', '
    yield str((undefined(name='v') if l_0_v is missing else l_0_v))
    yield ' AS v, COUNT(*) AS c\n  FROM '
    yield str((undefined(name='relation') if l_0_relation is missing else l_0_relation))
    yield '\n  WHERE '
    yield str(t_3(context, (undefined(name='sensitive') if l_0_sensitive is missing else l_0_sensitive)))
    yield ' IS NOT NULL\n'
    if (undefined(name='exclude_null_qids') if l_0_exclude_null_qids is missing else l_0_exclude_null_qids):
        pass
        yield '    AND '
        yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'qids_not_null'), (undefined(name='qids') if l_0_qids is missing else l_0_qids)))
        yield '\n\n'
    yield '  GROUP BY '
    yield str((undefined(name='class_key') if l_0_class_key is missing else l_0_class_key))
    yield ', '
    yield str((undefined(name='v') if l_0_v is missing else l_0_v))
    yield '\n),\nvalue_counts AS (\n  SELECT v, ROW_NUMBER() OVER (ORDER BY v) AS value_id, SUM(c) AS g FROM class_value GROUP BY v\n),\nvalue_cdf AS (\n  SELECT v, value_id,\n    CAST(SUM(g) OVER (ORDER BY value_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS '
    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
    yield ')\n      / (SELECT SUM(g) FROM value_counts) AS f\n  FROM value_counts\n),\nvalue_prefix AS (\n  SELECT v, value_id, f, SUM(f) OVER (ORDER BY value_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS p\n  FROM value_cdf\n),\nclass_value_ids AS (\n'
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'with_value_ids'), 'class_value', 'value_prefix', (undefined(name='qids') if l_0_qids is missing else l_0_qids)))
    yield '\n),\nclass_steps AS (\n  SELECT '
    yield str((undefined(name='class_key') if l_0_class_key is missing else l_0_class_key))
    yield ', value_id AS start_id,\n    COALESCE(LEAD(value_id) OVER w - 1, (SELECT COUNT(*) FROM value_counts)) AS end_id,\n    CAST(SUM(c) OVER (PARTITION BY '
    yield str((undefined(name='class_key') if l_0_class_key is missing else l_0_class_key))
    yield ' ORDER BY value_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS '
    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
    yield ')\n      / SUM(c) OVER (PARTITION BY '
    yield str((undefined(name='class_key') if l_0_class_key is missing else l_0_class_key))
    yield ') AS a,\n    p_before,\n    COALESCE(LEAD(p_before) OVER w, (SELECT SUM(f) FROM value_cdf)) AS p_end\n  FROM class_value_ids\n  WINDOW w AS (PARTITION BY '
    yield str((undefined(name='class_key') if l_0_class_key is missing else l_0_class_key))
    yield ' ORDER BY value_id)\n  UNION ALL\n  SELECT '
    yield str((undefined(name='class_key') if l_0_class_key is missing else l_0_class_key))
    yield ', 1, MIN(value_id) - 1, CAST(0 AS '
    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
    yield '), CAST(0 AS '
    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
    yield '),\n    MIN(p_before)\n  FROM class_value_ids\n  GROUP BY '
    yield str((undefined(name='class_key') if l_0_class_key is missing else l_0_class_key))
    yield '\n),\nsplits AS (\n  SELECT '
    yield str((undefined(name='class_key') if l_0_class_key is missing else l_0_class_key))
    yield ', start_id, end_id, a, p_before, p_end,\n    CASE WHEN below < start_id - 1 THEN start_id - 1 WHEN below > end_id THEN end_id ELSE below END AS s,\n    CASE WHEN below < start_id - 1 THEN p_before WHEN below > end_id THEN p_end ELSE p_below END AS p_s\n  FROM (\n    SELECT '
    yield str((undefined(name='class_key') if l_0_class_key is missing else l_0_class_key))
    yield ', start_id, end_id, a, p_before, p_end, is_step,\n      SUM(1 - is_step) OVER o AS below,\n      SUM(CASE WHEN is_step = 0 THEN a ELSE 0 END) OVER o AS p_below\n    FROM (\n      SELECT '
    yield str((undefined(name='class_key') if l_0_class_key is missing else l_0_class_key))
    yield ', start_id, end_id, a, p_before, p_end, 1 AS is_step\n      FROM class_steps WHERE end_id >= start_id\n      UNION ALL\n      SELECT '
    for l_1_q in (undefined(name='qids') if l_0_qids is missing else l_0_qids):
        _loop_vars = {}
        pass
        yield 'NULL, '
    l_1_q = missing
    yield 'NULL, NULL, f, NULL, NULL, 0 FROM value_cdf\n    ) events\n    WINDOW o AS (ORDER BY a, is_step ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)\n  ) counted\n  WHERE is_step = 1\n),\nclass_distances AS (\n  SELECT SUM(a * (s - start_id + 1) - (p_s - p_before) + (p_end - p_s) - a * (end_id - s)) AS dist\n  FROM splits\n  GROUP BY '
    yield str((undefined(name='class_key') if l_0_class_key is missing else l_0_class_key))
    yield '\n)\nSELECT MAX(dist) / NULLIF((SELECT COUNT(*) FROM value_counts) - 1, 0) AS t FROM class_distances'

blocks = {}
debug_info = '13=37&14=39&16=42&18=46&19=50&20=52&21=54&22=57&25=60&32=64&41=66&44=68&46=70&47=74&51=76&53=78&56=84&59=86&63=88&67=90&70=92&79=98'