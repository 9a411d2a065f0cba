from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mpuccs/first_non_null_values.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_key = resolve('key')
    l_0_column = resolve('column')
    l_0_key_as_text = resolve('key_as_text')
    l_0_key_ties = resolve('key_ties')
    l_0_relation = resolve('relation')
    l_0_limit = resolve('limit')
    l_0_m = missing
    try:
        t_1 = environment.filters['literal']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'literal' found.")
    try:
        t_2 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    l_0_m = context.vars['m'] = environment.get_template('_macros.sql.j2', 'mpuccs/first_non_null_values.sql.j2')._get_default_module(context)
    context.exported_vars.discard('m')
    yield 'SELECT v\nFROM (\n  SELECT '
    yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'input_order'), (undefined(name='key') if l_0_key is missing else l_0_key), [t_2(context, (undefined(name='column') if l_0_column is missing else l_0_column))], (undefined(name='key_as_text') if l_0_key_as_text is missing else l_0_key_as_text), (undefined(name='key_ties') if l_0_key_ties is missing else l_0_key_ties)))
    yield ' AS rn, '
    yield str(t_2(context, (undefined(name='column') if l_0_column is missing else l_0_column)))
    yield ' AS v\n  FROM '
    yield str((undefined(name='relation') if l_0_relation is missing else l_0_relation))
    yield '\n) numbered\nWHERE v IS NOT NULL\nORDER BY rn\nLIMIT '
    yield str(t_1(context, (undefined(name='limit') if l_0_limit is missing else l_0_limit)))

blocks = {}
debug_info = '2=30&5=33&6=37&10=39'