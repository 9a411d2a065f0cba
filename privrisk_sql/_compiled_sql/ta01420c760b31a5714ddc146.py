from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'classes/nan_as_null.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_relation = resolve('relation')
    l_0_columns = resolve('columns')
    l_0_floats = resolve('floats')
    l_0_q = resolve('q')
    l_0_fn = resolve('fn')
    l_0_privrisk_nan_as_null = missing
    pass
    included_template = environment.get_template('privrisk_shared.sql', 'classes/nan_as_null.sql.j2')._get_default_module(context)
    l_0_privrisk_nan_as_null = getattr(included_template, 'privrisk_nan_as_null', missing)
    if l_0_privrisk_nan_as_null is missing:
        l_0_privrisk_nan_as_null = undefined(f"the template {included_template.__name__!r} (imported on line 4 in 'classes/nan_as_null.sql.j2') does not export the requested name 'privrisk_nan_as_null'", name='privrisk_nan_as_null')
    context.vars['privrisk_nan_as_null'] = l_0_privrisk_nan_as_null
    context.exported_vars.discard('privrisk_nan_as_null')
    yield str(context.call((undefined(name='privrisk_nan_as_null') if l_0_privrisk_nan_as_null is missing else l_0_privrisk_nan_as_null), (undefined(name='relation') if l_0_relation is missing else l_0_relation), (undefined(name='columns') if l_0_columns is missing else l_0_columns), (undefined(name='floats') if l_0_floats is missing else l_0_floats), (undefined(name='q') if l_0_q is missing else l_0_q), environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'nan_to_null')))

blocks = {}
debug_info = '4=17&5=23'