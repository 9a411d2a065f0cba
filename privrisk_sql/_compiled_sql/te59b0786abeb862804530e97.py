from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'risk/population_count_problems.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_is_float = resolve('is_float')
    l_0_fn = resolve('fn')
    l_0_count = resolve('count')
    l_0_t = resolve('t')
    l_0_relation = resolve('relation')
    l_0_c = l_0_not_whole = missing
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    l_0_c = (context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'nan_to_null'), t_1(context, (undefined(name='count') if l_0_count is missing else l_0_count))) if (undefined(name='is_float') if l_0_is_float is missing else l_0_is_float) else t_1(context, (undefined(name='count') if l_0_count is missing else l_0_count)))
    context.vars['c'] = l_0_c
    context.exported_vars.add('c')
    l_0_not_whole = (str_join(('SUM(CASE WHEN ', (undefined(name='c') if l_0_c is missing else l_0_c), ' > 9007199254740991 THEN 1 WHEN ', (undefined(name='c') if l_0_c is missing else l_0_c), ' >= 0 AND ', (undefined(name='c') if l_0_c is missing else l_0_c), ' <> FLOOR(', (undefined(name='c') if l_0_c is missing else l_0_c), ') THEN 1 ELSE 0 END)', )) if (undefined(name='is_float') if l_0_is_float is missing else l_0_is_float) else '0')
    context.vars['not_whole'] = l_0_not_whole
    context.exported_vars.add('not_whole')
    yield 'SELECT\n  SUM(CASE WHEN '
    yield str((undefined(name='c') if l_0_c is missing else l_0_c))
    yield ' IS NULL THEN 1 ELSE 0 END) AS missing,\n  SUM(CASE WHEN '
    yield str((undefined(name='c') if l_0_c is missing else l_0_c))
    yield ' < 0 THEN 1 ELSE 0 END) AS negative,\n  '
    yield str((undefined(name='not_whole') if l_0_not_whole is missing else l_0_not_whole))
    yield ' AS not_whole,\n  SUM(CASE WHEN '
    yield str((undefined(name='c') if l_0_c is missing else l_0_c))
    yield ' > 0 THEN 1 ELSE 0 END) AS counted,\n  SUM(CASE WHEN '
    yield str((undefined(name='c') if l_0_c is missing else l_0_c))
    yield ' > 0 THEN CAST('
    yield str((undefined(name='c') if l_0_c is missing else l_0_c))
    yield ' AS '
    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
    yield ') ELSE 0 END) AS people\nFROM '
    yield str((undefined(name='relation') if l_0_relation is missing else l_0_relation))

blocks = {}
debug_info = '10=23&11=26&13=30&14=32&15=34&16=36&17=38&18=44'