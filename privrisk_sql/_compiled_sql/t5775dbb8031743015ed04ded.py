from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'classes/singling_out_rate.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_ori = resolve('ori')
    l_0_syn = resolve('syn')
    l_0_columns = resolve('columns')
    l_0_q = resolve('q')
    l_0_t = resolve('t')
    l_0_privrisk_singling_out = missing
    pass
    included_template = environment.get_template('privrisk_shared.sql', 'classes/singling_out_rate.sql.j2')._get_default_module(context)
    l_0_privrisk_singling_out = getattr(included_template, 'privrisk_singling_out', missing)
    if l_0_privrisk_singling_out is missing:
        l_0_privrisk_singling_out = undefined(f"the template {included_template.__name__!r} (imported on line 3 in 'classes/singling_out_rate.sql.j2') does not export the requested name 'privrisk_singling_out'", name='privrisk_singling_out')
    context.vars['privrisk_singling_out'] = l_0_privrisk_singling_out
    context.exported_vars.discard('privrisk_singling_out')
    yield str(context.call((undefined(name='privrisk_singling_out') if l_0_privrisk_singling_out is missing else l_0_privrisk_singling_out), (undefined(name='ori') if l_0_ori is missing else l_0_ori), (undefined(name='syn') if l_0_syn is missing else l_0_syn), (undefined(name='columns') if l_0_columns is missing else l_0_columns), (undefined(name='q') if l_0_q is missing else l_0_q), environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double')))

blocks = {}
debug_info = '3=17&4=23'