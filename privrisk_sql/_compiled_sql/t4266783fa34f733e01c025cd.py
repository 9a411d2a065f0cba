from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'classes/has_rows.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_relation = resolve('relation')
    pass
    yield 'SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM '
    yield str((undefined(name='relation') if l_0_relation is missing else l_0_relation))
    yield ' LIMIT 1) first_row'

blocks = {}
debug_info = '3=13'