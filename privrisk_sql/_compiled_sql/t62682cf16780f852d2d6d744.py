from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/rank_map_table.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_fn = resolve('fn')
    l_0_name = resolve('name')
    l_0_longest = resolve('longest')
    pass
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'create_temp_table'), (undefined(name='name') if l_0_name is missing else l_0_name)))
    yield ' (val '
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'byte_text_key_column'), (undefined(name='longest') if l_0_longest is missing else l_0_longest), context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'byte_text_column'))))
    yield ', code BIGINT, json_text '
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'byte_text_column')))
    yield ')'

blocks = {}
debug_info = '4=14'