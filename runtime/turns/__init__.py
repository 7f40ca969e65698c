"""One turn of an agent or a network (``service``): the tools it offers and runs
(``tools``) and the turns executing in this process (``watch``)."""
