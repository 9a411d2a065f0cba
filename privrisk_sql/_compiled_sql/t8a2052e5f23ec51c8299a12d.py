from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/final_rows.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_done = resolve('done')
    l_0_work = resolve('work')
    l_0_fn = resolve('fn')
    l_0_cuts = resolve('cuts')
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    yield 'INSERT INTO '
    yield str(t_1(context, (undefined(name='done') if l_0_done is missing else l_0_done)))
    yield '\nSELECT w.* FROM '
    yield str(t_1(context, (undefined(name='work') if l_0_work is missing else l_0_work)))
    yield ' w WHERE '
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'absent_from'), 'w.pid', t_1(context, (undefined(name='cuts') if l_0_cuts is missing else l_0_cuts)), 'pid'))

blocks = {}
debug_info = '3=22&4=24'