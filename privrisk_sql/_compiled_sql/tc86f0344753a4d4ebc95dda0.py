from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'classes/text_as_bytes.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_relation = resolve('relation')
    l_0_columns = resolve('columns')
    l_0_text = resolve('text')
    l_0_q = resolve('q')
    l_0_fn = resolve('fn')
    l_0_privrisk_text_as_bytes = missing
    pass
    included_template = environment.get_template('privrisk_shared.sql', 'classes/text_as_bytes.sql.j2')._get_default_module(context)
    l_0_privrisk_text_as_bytes = getattr(included_template, 'privrisk_text_as_bytes', missing)
    if l_0_privrisk_text_as_bytes is missing:
        l_0_privrisk_text_as_bytes = undefined(f"the template {included_template.__name__!r} (imported on line 6 in 'classes/text_as_bytes.sql.j2') does not export the requested name 'privrisk_text_as_bytes'", name='privrisk_text_as_bytes')
    context.vars['privrisk_text_as_bytes'] = l_0_privrisk_text_as_bytes
    context.exported_vars.discard('privrisk_text_as_bytes')
    yield str(context.call((undefined(name='privrisk_text_as_bytes') if l_0_privrisk_text_as_bytes is missing else l_0_privrisk_text_as_bytes), (undefined(name='relation') if l_0_relation is missing else l_0_relation), (undefined(name='columns') if l_0_columns is missing else l_0_columns), (undefined(name='text') if l_0_text is missing else l_0_text), (undefined(name='q') if l_0_q is missing else l_0_q), environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'binary_text')))

blocks = {}
debug_info = '6=17&7=23'