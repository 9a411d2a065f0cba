from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'classes/below_k.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_relation = resolve('relation')
    l_0_qids = resolve('qids')
    l_0_q = resolve('q')
    l_0_k = resolve('k')
    l_0_privrisk_class_sizes = l_0_privrisk_classes_below_k = missing
    pass
    included_template = environment.get_template('privrisk_shared.sql', 'classes/below_k.sql.j2')._get_default_module(context)
    l_0_privrisk_class_sizes = getattr(included_template, 'privrisk_class_sizes', missing)
    if l_0_privrisk_class_sizes is missing:
        l_0_privrisk_class_sizes = undefined(f"the template {included_template.__name__!r} (imported on line 3 in 'classes/below_k.sql.j2') does not export the requested name 'privrisk_class_sizes'", name='privrisk_class_sizes')
    l_0_privrisk_classes_below_k = getattr(included_template, 'privrisk_classes_below_k', missing)
    if l_0_privrisk_classes_below_k is missing:
        l_0_privrisk_classes_below_k = undefined(f"the template {included_template.__name__!r} (imported on line 3 in 'classes/below_k.sql.j2') does not export the requested name 'privrisk_classes_below_k'", name='privrisk_classes_below_k')
    context.vars.update({'privrisk_class_sizes': l_0_privrisk_class_sizes, 'privrisk_classes_below_k': l_0_privrisk_classes_below_k})
    context.exported_vars.difference_update(('privrisk_class_sizes', 'privrisk_classes_below_k'))
    yield str(context.call((undefined(name='privrisk_classes_below_k') if l_0_privrisk_classes_below_k is missing else l_0_privrisk_classes_below_k), context.call((undefined(name='privrisk_class_sizes') if l_0_privrisk_class_sizes is missing else l_0_privrisk_class_sizes), (undefined(name='relation') if l_0_relation is missing else l_0_relation), (undefined(name='qids') if l_0_qids is missing else l_0_qids), (undefined(name='q') if l_0_q is missing else l_0_q)), (undefined(name='k') if l_0_k is missing else l_0_k)))

blocks = {}
debug_info = '3=16&4=25'