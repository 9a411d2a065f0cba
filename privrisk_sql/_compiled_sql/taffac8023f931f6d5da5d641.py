from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/output.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_target = resolve('target')
    l_0_keep = resolve('keep')
    l_0_dims = resolve('dims')
    l_0_labels_only = resolve('labels_only')
    l_0_rows = resolve('rows')
    l_0_work = resolve('work')
    l_0_rid = resolve('rid')
    l_0_labels = resolve('labels')
    l_0_in_input_order = resolve('in_input_order')
    l_0_m = missing
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    try:
        t_2 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    l_0_m = context.vars['m'] = environment.get_template('_mondrian.sql.j2', 'mondrian/output.sql.j2')._get_default_module(context)
    context.exported_vars.discard('m')
    if (not t_2((undefined(name='target') if l_0_target is missing else l_0_target))):
        pass
        yield 'CREATE TABLE '
        yield str((undefined(name='target') if l_0_target is missing else l_0_target))
        yield ' AS\n'
    yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'output_columns'), (undefined(name='keep') if l_0_keep is missing else l_0_keep), (undefined(name='dims') if l_0_dims is missing else l_0_dims), (undefined(name='labels_only') if l_0_labels_only is missing else l_0_labels_only)))
    yield '\nFROM '
    yield str(t_1(context, (undefined(name='rows') if l_0_rows is missing else l_0_rows)))
    yield ' r\nJOIN '
    yield str(t_1(context, (undefined(name='work') if l_0_work is missing else l_0_work)))
    yield ' w ON w.rid = r.'
    yield str(t_1(context, (undefined(name='rid') if l_0_rid is missing else l_0_rid)))
    yield '\nJOIN '
    yield str(t_1(context, (undefined(name='labels') if l_0_labels is missing else l_0_labels)))
    yield ' b ON b.pid = w.pid\n'
    if (undefined(name='in_input_order') if l_0_in_input_order is missing else l_0_in_input_order):
        pass
        yield 'ORDER BY r.'
        yield str(t_1(context, (undefined(name='rid') if l_0_rid is missing else l_0_rid)))
        yield '\n'

blocks = {}
debug_info = '1=33&6=35&7=38&9=40&10=42&11=44&12=48&13=50&14=53'