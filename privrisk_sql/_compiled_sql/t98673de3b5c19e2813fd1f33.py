from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/uncut_with_fallback.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_rnk = resolve('rnk')
    l_0_ranked = resolve('ranked')
    l_0_fn = resolve('fn')
    l_0_cuts = resolve('cuts')
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    yield 'SELECT COUNT(CASE WHEN r.rnk = '
    yield str((undefined(name='rnk') if l_0_rnk is missing else l_0_rnk))
    yield ' THEN 1 END) AS uncut, COALESCE(SUM(r.nd), 0) AS candidate_rows FROM '
    yield str(t_1(context, (undefined(name='ranked') if l_0_ranked is missing else l_0_ranked)))
    yield ' r\nWHERE r.rnk >= '
    yield str((undefined(name='rnk') if l_0_rnk is missing else l_0_rnk))
    yield ' AND '
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'absent_from'), 'r.pid', t_1(context, (undefined(name='cuts') if l_0_cuts is missing else l_0_cuts)), 'pid'))

blocks = {}
debug_info = '4=22&5=26'