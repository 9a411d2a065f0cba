from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'classes/work_columns.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_relation = resolve('relation')
    l_0_aliases = resolve('aliases')
    l_0_q = resolve('q')
    l_0_privrisk_work_columns = missing
    try:
        t_1 = environment.filters['list']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'list' found.")
    try:
        t_2 = environment.filters['map']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'map' found.")
    pass
    included_template = environment.get_template('privrisk_shared.sql', 'classes/work_columns.sql.j2')._get_default_module(context)
    l_0_privrisk_work_columns = getattr(included_template, 'privrisk_work_columns', missing)
    if l_0_privrisk_work_columns is missing:
        l_0_privrisk_work_columns = undefined(f"the template {included_template.__name__!r} (imported on line 5 in 'classes/work_columns.sql.j2') does not export the requested name 'privrisk_work_columns'", name='privrisk_work_columns')
    context.vars['privrisk_work_columns'] = l_0_privrisk_work_columns
    context.exported_vars.discard('privrisk_work_columns')
    yield str(context.call((undefined(name='privrisk_work_columns') if l_0_privrisk_work_columns is missing else l_0_privrisk_work_columns), (undefined(name='relation') if l_0_relation is missing else l_0_relation), t_1(context.eval_ctx, t_2(context, (undefined(name='aliases') if l_0_aliases is missing else l_0_aliases), 'first')), t_1(context.eval_ctx, t_2(context, (undefined(name='aliases') if l_0_aliases is missing else l_0_aliases), 'last')), (undefined(name='q') if l_0_q is missing else l_0_q)))

blocks = {}
debug_info = '5=27&6=33'