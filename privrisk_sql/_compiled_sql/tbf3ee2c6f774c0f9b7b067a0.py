from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'classes/work_columns.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_aliases = resolve('aliases')
    l_0_relation = resolve('relation')
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    yield '(SELECT '
    l_1_loop = missing
    for (l_1_column, l_1_alias), l_1_loop in LoopContext((undefined(name='aliases') if l_0_aliases is missing else l_0_aliases), undefined):
        _loop_vars = {}
        pass
        yield str(t_1(context, l_1_column))
        yield ' AS '
        yield str(t_1(context, l_1_alias))
        yield str((', ' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 4 in 'classes/work_columns.sql.j2' evaluated to false and no else section was defined.")))
    l_1_loop = l_1_column = l_1_alias = missing
    yield ' FROM '
    yield str((undefined(name='relation') if l_0_relation is missing else l_0_relation))
    yield ') privrisk_named'

blocks = {}
debug_info = '4=21'