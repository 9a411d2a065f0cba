from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'risk/weight_problems.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_is_float = resolve('is_float')
    l_0_fn = resolve('fn')
    l_0_weight = resolve('weight')
    l_0_t = resolve('t')
    l_0_relation = resolve('relation')
    l_0_w = l_0_infinite = missing
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    l_0_w = (context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'nan_to_null'), t_1(context, (undefined(name='weight') if l_0_weight is missing else l_0_weight))) if (undefined(name='is_float') if l_0_is_float is missing else l_0_is_float) else t_1(context, (undefined(name='weight') if l_0_weight is missing else l_0_weight)))
    context.vars['w'] = l_0_w
    context.exported_vars.add('w')
    l_0_infinite = (str_join(('SUM(CASE WHEN ', (undefined(name='w') if l_0_w is missing else l_0_w), ' > 1.7976931348623157e308 THEN 1 ELSE 0 END)', )) if (undefined(name='is_float') if l_0_is_float is missing else l_0_is_float) else '0')
    context.vars['infinite'] = l_0_infinite
    context.exported_vars.add('infinite')
    yield 'SELECT\n  COUNT(*) AS n_rows,\n  SUM(CASE WHEN '
    yield str((undefined(name='w') if l_0_w is missing else l_0_w))
    yield ' IS NULL THEN 1 ELSE 0 END) AS missing,\n  SUM(CASE WHEN '
    yield str(t_1(context, (undefined(name='weight') if l_0_weight is missing else l_0_weight)))
    yield ' <= 0 THEN 1 ELSE 0 END) AS not_positive,\n  '
    yield str((undefined(name='infinite') if l_0_infinite is missing else l_0_infinite))
    yield ' AS infinite,\n  MAX(CAST('
    yield str((undefined(name='w') if l_0_w is missing else l_0_w))
    yield ' AS '
    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
    yield ')) AS largest\nFROM '
    yield str((undefined(name='relation') if l_0_relation is missing else l_0_relation))

blocks = {}
debug_info = '5=23&6=26&9=30&10=32&11=34&12=36&13=40'