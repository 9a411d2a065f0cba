from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mpuccs/event_matches.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_fn = resolve('fn')
    l_0_target = resolve('target')
    l_0_matches = resolve('matches')
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'create_temp_table_as'), (undefined(name='target') if l_0_target is missing else l_0_target)))
    yield '\nSELECT syn_rid, first_match\nFROM (\n  SELECT syn_rid, first_match,\n    MIN(first_match) OVER (\n      PARTITION BY syn_rid ORDER BY combo_size ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING\n    ) AS first_smaller\n  FROM (\n    SELECT syn_rid, combo_size, MIN(first_match) AS first_match\n    FROM '
    yield str(t_1(context, (undefined(name='matches') if l_0_matches is missing else l_0_matches)))
    yield '\n    GROUP BY syn_rid, combo_size\n  ) firsts\n) ranked\nWHERE first_smaller IS NULL OR first_match < first_smaller'

blocks = {}
debug_info = '10=20&19=22'