from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/sensitive_shares.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_fn = resolve('fn')
    l_0_name = resolve('name')
    l_0_sensitive = resolve('sensitive')
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'create_temp_table_as'), (undefined(name='name') if l_0_name is missing else l_0_name)))
    yield '\n'
    l_1_loop = missing
    for l_1_a, l_1_loop in LoopContext((undefined(name='sensitive') if l_0_sensitive is missing else l_0_sensitive), undefined):
        l_1_t = resolve('t')
        l_1_tuples = resolve('tuples')
        _loop_vars = {}
        pass
        yield str(('UNION ALL' if (not environment.getattr(l_1_loop, 'first')) else cond_expr_undefined("the inline if-expression on line 7 in 'mondrian/sensitive_shares.sql.j2' evaluated to false and no else section was defined.")))
        yield '\nSELECT '
        yield str(environment.getattr(l_1_a, 'index'))
        yield ' AS j, sa, p,\n       CASE WHEN sa IS NULL THEN NULL ELSE CAST(SUM(c_present) OVER (ORDER BY sa ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS '
        yield str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'double'))
        yield ') / NULLIF(SUM(c_present) OVER (), 0) END AS f\nFROM (\n    SELECT s'
        yield str(environment.getattr(l_1_a, 'index'))
        yield ' AS sa, CAST(SUM(n) AS '
        yield str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'double'))
        yield ') / (SELECT SUM(n) FROM '
        yield str(t_1(context, (undefined(name='tuples') if l_1_tuples is missing else l_1_tuples)))
        yield ') AS p,\n           CASE WHEN s'
        yield str(environment.getattr(l_1_a, 'index'))
        yield ' IS NULL THEN 0 ELSE SUM(n) END AS c_present\n    FROM '
        yield str(t_1(context, (undefined(name='tuples') if l_1_tuples is missing else l_1_tuples)))
        yield ' GROUP BY s'
        yield str(environment.getattr(l_1_a, 'index'))
        yield '\n) x\n'
    l_1_loop = l_1_a = l_1_t = l_1_tuples = missing

blocks = {}
debug_info = '5=20&6=23&7=28&8=30&9=32&11=34&12=40&13=42'