from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'kanon/sensitive_class_stats.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_qids = resolve('qids')
    l_0_sensitive = resolve('sensitive')
    l_0_relation = resolve('relation')
    l_0_exclude_null_qids = resolve('exclude_null_qids')
    l_0_t = resolve('t')
    l_0_m = missing
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
    l_0_m = context.vars['m'] = environment.get_template('_macros.sql.j2', 'kanon/sensitive_class_stats.sql.j2')._get_default_module(context)
    context.exported_vars.discard('m')
    yield 'WITH class_value AS (\n  SELECT '
    yield str(t_1(context.eval_ctx, t_2(context, (undefined(name='qids') if l_0_qids is missing else l_0_qids), 'quote'), ', '))
    yield ', '
    yield str(t_3(context, (undefined(name='sensitive') if l_0_sensitive is missing else l_0_sensitive)))
    yield ' AS sa, COUNT(*) AS c\n  FROM '
    yield str((undefined(name='relation') if l_0_relation is missing else l_0_relation))
    yield '\n'
    if (undefined(name='exclude_null_qids') if l_0_exclude_null_qids is missing else l_0_exclude_null_qids):
        pass
        yield '  WHERE '
        yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'qids_not_null'), (undefined(name='qids') if l_0_qids is missing else l_0_qids)))
        yield '\n\n'
    yield '  GROUP BY '
    yield str(t_1(context.eval_ctx, t_2(context, (undefined(name='qids') if l_0_qids is missing else l_0_qids), 'quote'), ', '))
    yield ', '
    yield str(t_3(context, (undefined(name='sensitive') if l_0_sensitive is missing else l_0_sensitive)))
    yield '\n),\nshares AS (\n  SELECT '
    yield str(t_1(context.eval_ctx, t_2(context, (undefined(name='qids') if l_0_qids is missing else l_0_qids), 'quote'), ', '))
    yield ', c,\n    CAST(c AS '
    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
    yield ') / SUM(c) OVER (PARTITION BY '
    yield str(t_1(context.eval_ctx, t_2(context, (undefined(name='qids') if l_0_qids is missing else l_0_qids), 'quote'), ', '))
    yield ') AS q,\n    CAST(SUM(c) OVER (PARTITION BY sa) AS '
    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
    yield ') / SUM(c) OVER () AS p,\n    SUM(c) OVER (PARTITION BY '
    yield str(t_1(context.eval_ctx, t_2(context, (undefined(name='qids') if l_0_qids is missing else l_0_qids), 'quote'), ', '))
    yield ') AS class_size\n  FROM class_value\n),\nper_class AS (\n  SELECT\n    COUNT(*) AS distinct_values,\n    MAX(q) AS alpha,\n    -SUM(q * LN(q)) AS entropy,\n    MAX((q - p) / p) AS beta,\n    MAX(ABS(LN(q / p))) AS delta,\n    0.5 * (SUM(ABS(q - p)) + 1 - SUM(p)) AS emd_equal,\n    MIN(p) AS min_p\n  FROM shares\n  GROUP BY '
    yield str(t_1(context.eval_ctx, t_2(context, (undefined(name='qids') if l_0_qids is missing else l_0_qids), 'quote'), ', '))
    yield '\n)\nSELECT MIN(distinct_values) AS l, MAX(alpha) AS alpha, MIN(entropy) AS min_entropy, MAX(beta) AS beta,\n       MAX(delta) AS delta, MAX(emd_equal) AS emd_equal, MIN(min_p) AS min_p\nFROM per_class'

blocks = {}
debug_info = '5=35&7=38&8=42&9=44&10=47&13=50&16=54&17=56&18=60&19=62&32=64'