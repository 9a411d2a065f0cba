from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mpuccs/unique_match_table.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_fn = resolve('fn')
    l_0_target = resolve('target')
    l_0_t = resolve('t')
    pass
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'create_temp_table_as'), (undefined(name='target') if l_0_target is missing else l_0_target)))
    yield '\nSELECT\n  CAST(0 AS '
    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'bigint'))
    yield ') AS syn_rid,\n  CAST(0 AS '
    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'integer'))
    yield ') AS combo_size,\n  CAST(0 AS '
    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'bigint'))
    yield ') AS first_match\nWHERE 1 = 0'

blocks = {}
debug_info = '6=14&8=16&9=18&10=20'