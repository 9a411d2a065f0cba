from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'classes/values_outside_order.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_relation = resolve('relation')
    l_0_sensitive = resolve('sensitive')
    l_0_order = resolve('order')
    l_0_q = resolve('q')
    l_0_lit = resolve('lit')
    l_0_fn = resolve('fn')
    l_0_privrisk_values_outside_order = missing
    pass
    included_template = environment.get_template('privrisk_shared.sql', 'classes/values_outside_order.sql.j2')._get_default_module(context)
    l_0_privrisk_values_outside_order = getattr(included_template, 'privrisk_values_outside_order', missing)
    if l_0_privrisk_values_outside_order is missing:
        l_0_privrisk_values_outside_order = undefined(f"the template {included_template.__name__!r} (imported on line 4 in 'classes/values_outside_order.sql.j2') does not export the requested name 'privrisk_values_outside_order'", name='privrisk_values_outside_order')
    context.vars['privrisk_values_outside_order'] = l_0_privrisk_values_outside_order
    context.exported_vars.discard('privrisk_values_outside_order')
    yield str(context.call((undefined(name='privrisk_values_outside_order') if l_0_privrisk_values_outside_order is missing else l_0_privrisk_values_outside_order), (undefined(name='relation') if l_0_relation is missing else l_0_relation), (undefined(name='sensitive') if l_0_sensitive is missing else l_0_sensitive), (undefined(name='order') if l_0_order is missing else l_0_order), (undefined(name='q') if l_0_q is missing else l_0_q), (undefined(name='lit') if l_0_lit is missing else l_0_lit), environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'binary_text')))

blocks = {}
debug_info = '4=18&5=24'