from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mpuccs/identification_counts.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_radix = resolve('radix')
    l_0_events = resolve('events')
    try:
        t_1 = environment.filters['literal']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'literal' found.")
    try:
        t_2 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    yield 'SELECT e.combo_start, COUNT(*) AS n_events, MAX(t.identified) AS identified\nFROM (\n  SELECT first_match - first_match % '
    yield str(t_1(context, (undefined(name='radix') if l_0_radix is missing else l_0_radix)))
    yield ' AS combo_start\n  FROM '
    yield str(t_2(context, (undefined(name='events') if l_0_events is missing else l_0_events)))
    yield '\n) e\nCROSS JOIN (SELECT COUNT(DISTINCT syn_rid) AS identified FROM '
    yield str(t_2(context, (undefined(name='events') if l_0_events is missing else l_0_events)))
    yield ') t\nGROUP BY e.combo_start'

blocks = {}
debug_info = '7=26&8=28&10=30'