from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/null_codes.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_fn = resolve('fn')
    l_0_name = resolve('name')
    l_0_weighted = resolve('weighted')
    l_0_dims = resolve('dims')
    l_0_sensitive = resolve('sensitive')
    l_0_work = resolve('work')
    l_0_globals = resolve('globals')
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'create_temp_table_as'), (undefined(name='name') if l_0_name is missing else l_0_name)))
    yield '\nSELECT w.rid, w.pid'
    yield str((', w.n' if (undefined(name='weighted') if l_0_weighted is missing else l_0_weighted) else cond_expr_undefined("the inline if-expression on line 4 in 'mondrian/null_codes.sql.j2' evaluated to false and no else section was defined.")))
    for l_1_d in (undefined(name='dims') if l_0_dims is missing else l_0_dims):
        _loop_vars = {}
        pass
        yield ', '
        if environment.getattr(l_1_d, 'has_nulls'):
            pass
            yield 'COALESCE(w.c'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ', g.null_code'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ')'
        else:
            pass
            yield 'w.c'
            yield str(environment.getattr(l_1_d, 'index'))
        yield ' AS c'
        yield str(environment.getattr(l_1_d, 'index'))
    l_1_d = missing
    for l_1_a in (undefined(name='sensitive') if l_0_sensitive is missing else l_0_sensitive):
        _loop_vars = {}
        pass
        yield ', w.s'
        yield str(environment.getattr(l_1_a, 'index'))
    l_1_a = missing
    def t_2(fiter):
        for l_1_d in fiter:
            if environment.getattr(l_1_d, 'is_hierarchy'):
                yield l_1_d
    for l_1_d in t_2((undefined(name='dims') if l_0_dims is missing else l_0_dims)):
        _loop_vars = {}
        pass
        yield ', w.h'
        yield str(environment.getattr(l_1_d, 'index'))
    l_1_d = missing
    yield '\nFROM '
    yield str(t_1(context, (undefined(name='work') if l_0_work is missing else l_0_work)))
    yield ' w CROSS JOIN '
    yield str(t_1(context, (undefined(name='globals') if l_0_globals is missing else l_0_globals)))
    yield ' g'

blocks = {}
debug_info = '3=24&4=26&6=62'