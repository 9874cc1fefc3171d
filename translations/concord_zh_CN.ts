<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AppSettings</name>
    <message>
        <source>the settings in %1 were written by a newer Concord (layout %2, this one knows %3); they are left as they are</source>
        <translation>%1 中的设置由更新版本的 Concord 写入（布局 %2，本版本仅支持 %3）；保持原样不作修改</translation>
    </message>
    <message>
        <source>cannot write the settings file %1</source>
        <translation>无法写入设置文件 %1</translation>
    </message>
    <message>
        <source>give the provider profile a name</source>
        <translation>请为服务商配置命名</translation>
    </message>
    <message>
        <source>the base URL holds credentials (a user name, password, key or token); put the key in an environment variable and name that variable instead</source>
        <translation>基础 URL 含有凭据（用户名、密码、密钥或令牌）；请将密钥放入环境变量，并改为填写该变量的名称</translation>
    </message>
    <message>
        <source>the API key field takes the NAME of an environment variable (e.g. OPENAI_API_KEY), not the key itself</source>
        <translation>API 密钥字段填写的是环境变量的名称（如 OPENAI_API_KEY），而不是密钥本身</translation>
    </message>
</context>
<context>
    <name>ColourScheme</name>
    <message>
        <source>&amp;Colour Scheme</source>
        <translation>配色方案(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
</context>
<context>
    <name>concord::ui::AgreementView</name>
    <message>
        <source>undefined</source>
        <translation>未定义</translation>
    </message>
    <message>
        <source>Pearson r</source>
        <translation>Pearson r</translation>
    </message>
    <message>
        <source>Spearman ρ</source>
        <translation>Spearman ρ</translation>
    </message>
    <message>
        <source>Kendall τb</source>
        <translation>Kendall τb</translation>
    </message>
    <message>
        <source>Kendall τc</source>
        <translation>Kendall τc</translation>
    </message>
    <message>
        <source>Pairwise accuracy</source>
        <translation>成对准确率</translation>
    </message>
    <message>
        <source>Tie-calibrated accuracy (acc_eq)</source>
        <translation>平局校准准确率 (acc_eq)</translation>
    </message>
    <message>
        <source>Soft pairwise accuracy (SPA)</source>
        <translation>软成对准确率 (SPA)</translation>
    </message>
    <message>
        <source>, tie threshold ε = %1</source>
        <translation>，平局阈值 ε = %1</translation>
    </message>
    <message>
        <source>dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>system</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>per system</source>
        <translation>按系统</translation>
    </message>
    <message>
        <source>meta</source>
        <translation>元</translation>
    </message>
    <message>
        <source>, 95% CI [%1, %2]</source>
        <translation>，95% 置信区间 [%1, %2]</translation>
    </message>
    <message>
        <source>Bootstrap CIs (1,000 resamples)</source>
        <translation>自助法置信区间（1000 次重抽样）</translation>
    </message>
    <message>
        <source>Correlations</source>
        <translation>相关性</translation>
    </message>
    <message>
        <source>Judge:</source>
        <translation>评审模型：</translation>
    </message>
    <message>
        <source>Dimension:</source>
        <translation>维度：</translation>
    </message>
    <message>
        <source>Human vs judge</source>
        <translation>人类 vs 评审模型</translation>
    </message>
    <message>
        <source>Per system &amp;&amp; meta</source>
        <translation>按系统与元相关</translation>
    </message>
    <message>
        <source>Krippendorff&apos;s α</source>
        <translation>Krippendorff α</translation>
    </message>
    <message>
        <source>Pairwise &amp;&amp; bias</source>
        <translation>成对比较与偏差</translation>
    </message>
    <message>
        <source>Invalid answers</source>
        <translation>无效回答</translation>
    </message>
    <message>
        <source>Judges: all</source>
        <translation>评审模型：全部</translation>
    </message>
    <message>
        <source>Humans:</source>
        <translation>人类：</translation>
    </message>
    <message>
        <source>Level:</source>
        <translation>层级：</translation>
    </message>
    <message>
        <source>Coefficient:</source>
        <translation>系数：</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>Cannot compute: %1</source>
        <translation>无法计算：%1</translation>
    </message>
    <message>
        <source>No judge in the study yet: import judgements or run a judge.</source>
        <translation>研究中还没有评审模型：请导入评判或运行一个评审模型。</translation>
    </message>
    <message>
        <source>Left out: %1</source>
        <translation>已略去：%1</translation>
    </message>
    <message>
        <source>Judges: all (%1)</source>
        <translation>评审模型：全部（%1）</translation>
    </message>
    <message>
        <source>Judges: %1</source>
        <translation>评审模型：%1</translation>
    </message>
    <message>
        <source>Correlation with the humans</source>
        <translation>与人类评分的相关性</translation>
    </message>
    <message>
        <source>No study data.</source>
        <translation>没有研究数据。</translation>
    </message>
    <message>
        <source>%1, %2: %3 = %4 (p = %5, n = %6)%7</source>
        <translation>%1，%2：%3 = %4（p = %5，n = %6）%7</translation>
    </message>
    <message>
        <source>Human ceiling on %1: mean %2 of %3 humans each against the others (min %4, max %5)</source>
        <translation>%1 的人类上限：%3 位人类各自与其余人对比的均值为 %2（最小 %4，最大 %5）</translation>
    </message>
    <message>
        <source>%1 with the %2 mean, %3 level</source>
        <translation>%1 与 %2 均值的相关，%3 层级</translation>
    </message>
    <message>
        <source>Human ceiling (range: dotted)</source>
        <translation>人类上限（范围：虚线）</translation>
    </message>
    <message>
        <source>human vs others</source>
        <translation>人类 vs 其他人</translation>
    </message>
    <message>
        <source>judge</source>
        <translation>评审模型</translation>
    </message>
    <message>
        <source>Rater</source>
        <translation>评分者</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>层级</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>CI low</source>
        <translation>置信区间下限</translation>
    </message>
    <message>
        <source>CI high</source>
        <translation>置信区间上限</translation>
    </message>
    <message>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Documents used</source>
        <translation>使用的文档</translation>
    </message>
    <message>
        <source>Coefficient</source>
        <translation>系数</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Judge</source>
        <translation>评审模型</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>点数</translation>
    </message>
    <message>
        <source>Slope</source>
        <translation>斜率</translation>
    </message>
    <message>
        <source>Intercept</source>
        <translation>截距</translation>
    </message>
    <message>
        <source>Human mean vs judge</source>
        <translation>人类均值 vs 评审模型</translation>
    </message>
    <message>
        <source>No judge has rated a Likert dimension yet: run a Likert judge in the Judges view, or import its ratings (File menu).</source>
        <translation>尚无评审模型对 Likert 维度评分：请在“评审模型”视图中运行一个 Likert 评审模型，或导入其评分（文件菜单）。</translation>
    </message>
    <message>
        <source>%1 on %2: judge against the %3 mean (r = %4, n = %5)</source>
        <translation>%1（%2）：评审模型与 %3 均值对比（r = %4，n = %5）</translation>
    </message>
    <message>
        <source>%1 mean</source>
        <translation>%1 均值</translation>
    </message>
    <message>
        <source>Candidates (jittered)</source>
        <translation>摘要（抖动显示）</translation>
    </message>
    <message>
        <source>%1 / %2: humans %3, judge %4</source>
        <translation>%1 / %2：人类 %3，评审模型 %4</translation>
    </message>
    <message>
        <source>Judge = humans</source>
        <translation>评审模型 = 人类</translation>
    </message>
    <message>
        <source>Least squares: %1 + %2·x</source>
        <translation>最小二乘：%1 + %2·x</translation>
    </message>
    <message>
        <source>judge = %1 + %2 × humans</source>
        <translation>评审模型 = %1 + %2 × 人类</translation>
    </message>
    <message>
        <source>Per-system correlation</source>
        <translation>按系统的相关性</translation>
    </message>
    <message>
        <source>No judge ratings yet: run a judge in the Judges view, or import its ratings (File menu).</source>
        <translation>尚无评审模型的评分：请在“评审模型”视图中运行一个评审模型，或导入其评分（文件菜单）。</translation>
    </message>
    <message>
        <source>Meta-correlation</source>
        <translation>元相关性</translation>
    </message>
    <message>
        <source>%1 on %2, system %3: %4 = %5 (n = %6)%7, Q = %8</source>
        <translation>%1（%2），系统 %3：%4 = %5（n = %6）%7，Q = %8</translation>
    </message>
    <message>
        <source>M = corr(Q, P)</source>
        <translation>M = corr(Q, P)</translation>
    </message>
    <message>
        <source>Q (human mean)</source>
        <translation>Q（人类均值）</translation>
    </message>
    <message>
        <source>P (correlation)</source>
        <translation>P（相关性）</translation>
    </message>
    <message>
        <source>%1 per system on %2</source>
        <translation>%2 上按系统的 %1</translation>
    </message>
    <message>
        <source>Not computed.</source>
        <translation>未计算。</translation>
    </message>
    <message>
        <source>Meta-correlation on %1: M = %2 (p = %3)</source>
        <translation>%1 的元相关性：M = %2（p = %3）</translation>
    </message>
    <message>
        <source>Q: the %1 mean of the system</source>
        <translation>Q：该系统的 %1 均值</translation>
    </message>
    <message>
        <source>P: %1 of the system</source>
        <translation>P：该系统的 %1</translation>
    </message>
    <message>
        <source>Systems</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>%1: Q = %2, P = %3</source>
        <translation>%1：Q = %2，P = %3</translation>
    </message>
    <message>
        <source>Least squares line</source>
        <translation>最小二乘拟合线</translation>
    </message>
    <message>
        <source>%1 + %2</source>
        <translation>%1 + %2</translation>
    </message>
    <message>
        <source>%1 on %2: α = %3 (%4, %5 coders, %6 units)%7</source>
        <translation>%1（%2）：α = %3（%4，%5 位编码者，%6 个单元）%7</translation>
    </message>
    <message>
        <source>nominal</source>
        <translation>定类</translation>
    </message>
    <message>
        <source>ordinal</source>
        <translation>定序</translation>
    </message>
    <message>
        <source>interval</source>
        <translation>定距</translation>
    </message>
    <message>
        <source>ratio</source>
        <translation>定比</translation>
    </message>
    <message>
        <source>Each dimension&apos;s own (ordinal for Likert and rank)</source>
        <translation>各维度自身的尺度（Likert 与排序为定序）</translation>
    </message>
    <message>
        <source>The level of measurement of Krippendorff&apos;s α; File &gt; Export &gt; Statistics Table uses the same.</source>
        <translation>Krippendorff α 的测量尺度；文件 &gt; 导出 &gt; 统计表使用相同的尺度。</translation>
    </message>
    <message>
        <source>Level of measurement:</source>
        <translation>测量尺度：</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>组</translation>
    </message>
    <message>
        <source>With judge</source>
        <translation>含评审模型</translation>
    </message>
    <message>
        <source>α</source>
        <translation>α</translation>
    </message>
    <message>
        <source>Coders</source>
        <translation>编码者</translation>
    </message>
    <message>
        <source>Units</source>
        <translation>单元</translation>
    </message>
    <message>
        <source>Pairable values</source>
        <translation>可配对值</translation>
    </message>
    <message>
        <source>Krippendorff&apos;s α (%1) per dimension: each group, and with a judge as one more coder</source>
        <translation>各维度的 Krippendorff α（%1）：每个组，以及把评审模型作为额外编码者</translation>
    </message>
    <message>
        <source>Verdicts</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>H2H success (all pairs)</source>
        <translation>H2H 成功率（所有配对）</translation>
    </message>
    <message>
        <source>H2H success (consecutive)</source>
        <translation>H2H 成功率（相邻配对）</translation>
    </message>
    <message>
        <source>LLMCompare τb vs humans</source>
        <translation>LLMCompare τb vs 人类</translation>
    </message>
    <message>
        <source>Flip rate (order swapped)</source>
        <translation>翻转率（交换顺序）</translation>
    </message>
    <message>
        <source>First shown wins</source>
        <translation>先展示者获胜</translation>
    </message>
    <message>
        <source>System pairs of:</source>
        <translation>系统对：</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>neither</source>
        <translation>均不</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>System A</source>
        <translation>系统 A</translation>
    </message>
    <message>
        <source>System B</source>
        <translation>系统 B</translation>
    </message>
    <message>
        <source>Judge: A won</source>
        <translation>评审模型：A 胜</translation>
    </message>
    <message>
        <source>Judge: tied</source>
        <translation>评审模型：平局</translation>
    </message>
    <message>
        <source>Judge: B won</source>
        <translation>评审模型：B 胜</translation>
    </message>
    <message>
        <source>Judge prefers</source>
        <translation>评审模型偏好</translation>
    </message>
    <message>
        <source>Humans: A won</source>
        <translation>人类：A 胜</translation>
    </message>
    <message>
        <source>Humans: tied</source>
        <translation>人类：平局</translation>
    </message>
    <message>
        <source>Humans: B won</source>
        <translation>人类：B 胜</translation>
    </message>
    <message>
        <source>Humans prefer</source>
        <translation>人类偏好</translation>
    </message>
    <message>
        <source>Agree</source>
        <translation>一致</translation>
    </message>
    <message>
        <source>Pairwise verdicts</source>
        <translation>成对判定</translation>
    </message>
    <message>
        <source>No pairwise verdicts yet: run or import an h2h, pairwise or llmcompare judge (Judges view).</source>
        <translation>尚无成对比较判定：请运行或导入一个 h2h、pairwise 或 llmcompare 评审模型（“评审模型”视图）。</translation>
    </message>
    <message>
        <source>Won</source>
        <translation>胜</translation>
    </message>
    <message>
        <source>Tied</source>
        <translation>平</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>负</translation>
    </message>
    <message>
        <source>Comparisons</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <translation>%1，%2：%3</translation>
    </message>
    <message>
        <source>τb judge × length</source>
        <translation>τb 评审模型 × 长度</translation>
    </message>
    <message>
        <source>τb humans × length</source>
        <translation>τb 人类 × 长度</translation>
    </message>
    <message>
        <source>Pair accuracy (all)</source>
        <translation>配对准确率（全部）</translation>
    </message>
    <message>
        <source>Pairs</source>
        <translation>配对</translation>
    </message>
    <message>
        <source>Pair accuracy (similar length)</source>
        <translation>配对准确率（长度相近）</translation>
    </message>
    <message>
        <source>Length cutoff (words)</source>
        <translation>长度阈值（词）</translation>
    </message>
    <message>
        <source>Length bias</source>
        <translation>长度偏差</translation>
    </message>
    <message>
        <source>humans</source>
        <translation>人类</translation>
    </message>
    <message>
        <source>%1 on %2: τb with length %3 (n = %4)</source>
        <translation>%1（%2）：与长度的 τb 为 %3（n = %4）</translation>
    </message>
    <message>
        <source>humans on %1: τb with length %2</source>
        <translation>人类（%1）：与长度的 τb 为 %2</translation>
    </message>
    <message>
        <source>Length bias: Kendall τb of scores with summary length (words)</source>
        <translation>长度偏差：分数与摘要长度（词数）的 Kendall τb</translation>
    </message>
    <message>
        <source>τb</source>
        <translation>τb</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation>协议</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用</translation>
    </message>
    <message>
        <source>Invalid</source>
        <translation>无效</translation>
    </message>
    <message>
        <source>Invalid rate</source>
        <translation>无效率</translation>
    </message>
    <message>
        <source>No judge calls yet: run a judge in the Judges view; its invalid answers are counted here.</source>
        <translation>尚无评审模型调用：请在“评审模型”视图中运行一个评审模型；其无效回答会统计在这里。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 on %2: %3 of %4 answers invalid (%5%)</source>
        <translation>%1（%2）：%4 个回答中 %3 个无效（%5%）</translation>
    </message>
    <message>
        <source>Invalid answers per judge, protocol and dimension</source>
        <translation>按评审模型、协议和维度统计的无效回答</translation>
    </message>
    <message>
        <source>agree-or-tie: a win needs both orders</source>
        <translation>agree-or-tie：两种顺序一致才算胜</translation>
    </message>
    <message>
        <source>points: each order counts half a document</source>
        <translation>points：每种顺序各计半个文档</translation>
    </message>
    <message>
        <source>How a head-to-head comparison judged in both orders counts: agree-or-tie gives the document to a summary only when both orders choose it (Shen et al.&apos;s paper); points gives each order half the document, a win 1 and a tie 0.5 (their released scripts).</source>
        <translation>以两种顺序评判的一对一比较如何计数：agree-or-tie 仅当两种顺序都选择同一摘要时才把该文档判给它（Shen 等人的论文）；points 让每种顺序各占半个文档，胜计 1 分、平计 0.5 分（他们发布的脚本）。</translation>
    </message>
    <message>
        <source>Head-to-head rule:</source>
        <translation>H2H 规则：</translation>
    </message>
    <message>
        <source>%1 on %2: documents won, tied and lost per system (rule %3, H2H success %4)</source>
        <translation>%1（%2）：各系统胜、平、负的文档数（规则 %3，H2H 成功率 %4）</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>per-system</source>
        <translation>按系统</translation>
    </message>
    <message>
        <source>All documents</source>
        <translation>全部文档</translation>
    </message>
    <message>
        <source>Dev split</source>
        <translation>开发集 (dev)</translation>
    </message>
    <message>
        <source>Test split</source>
        <translation>测试集 (test)</translation>
    </message>
    <message>
        <source>Documents:</source>
        <translation>文档：</translation>
    </message>
    <message>
        <source>Only the documents of one side of the held-out split (concord-cli split makes it); the invalid answers are counted over every call.</source>
        <translation>仅使用保留划分中一侧的文档（由 concord-cli split 生成）；无效回答按所有调用计数。</translation>
    </message>
</context>
<context>
    <name>concord::ui::AnnotateWorkspace</name>
    <message>
        <source>Every document assigned to you is finished.</source>
        <translation>分配给您的每篇文档都已完成。</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Choose &amp;Annotator…</source>
        <translation>选择标注员(&amp;A)…</translation>
    </message>
    <message>
        <source>Next &amp;Unfinished Document</source>
        <translation>下一个未完成文档(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Find in Article…</source>
        <translation>在原文中查找(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Mark Selection as Factual Error</source>
        <translation>将所选内容标为事实错误(&amp;M)</translation>
    </message>
    <message>
        <source>Select the wrong words in a summary first.</source>
        <translation>请先在摘要中选中错误的词语。</translation>
    </message>
    <message>
        <source>Export Annotator &amp;Package…</source>
        <translation>导出标注员数据包(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Merge Annotations…</source>
        <translation>合并标注(&amp;M)…</translation>
    </message>
    <message>
        <source>&amp;Go to Document…</source>
        <translation>转到文档(&amp;G)…</translation>
    </message>
    <message>
        <source>&amp;Next Document</source>
        <translation>下一个文档(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous Document</source>
        <translation>上一个文档(&amp;P)</translation>
    </message>
    <message>
        <source>Reveal &amp;System Names (Adjudication)</source>
        <translation>显示系统名称（裁定）(&amp;S)</translation>
    </message>
    <message>
        <source>The change was not saved</source>
        <translation>更改未保存</translation>
    </message>
    <message>
        <source>Go to document (Ctrl+G)</source>
        <translation>转到文档（Ctrl+G）</translation>
    </message>
    <message>
        <source>Guidelines</source>
        <translation>标注指南</translation>
    </message>
    <message>
        <source>&amp;Guidelines</source>
        <translation>标注指南(&amp;I)</translation>
    </message>
    <message>
        <source>Cannot read the study</source>
        <translation>无法读取研究</translation>
    </message>
    <message>
        <source>Cannot read what the study asks</source>
        <translation>无法读取研究的标注要求</translation>
    </message>
    <message>
        <source>Cannot show the document</source>
        <translation>无法显示该文档</translation>
    </message>
    <message>
        <source>Cannot annotate under that name</source>
        <translation>无法以该名称进行标注</translation>
    </message>
    <message>
        <source>A reviewer&apos;s login chooses no annotator: nothing is annotated or opened for it here. Review the team&apos;s work in the Review view (Ctrl+5).</source>
        <translation>审核者的登录不选择标注员：此处不为其标注或打开任何内容。请在审核视图（Ctrl+5）中审核团队的工作。</translation>
    </message>
    <message>
        <source>Reviewer: nothing to annotate here, review in the Review view (Ctrl+5)</source>
        <translation>审核者：此处无需标注，请在审核视图（Ctrl+5）中审核</translation>
    </message>
    <message>
        <source>No annotator (Ctrl+Shift+A)</source>
        <translation>无标注员（Ctrl+Shift+A）</translation>
    </message>
    <message>
        <source>%1: %2 of %3 documents finished</source>
        <translation>%1：已完成 %2 / %3 个文档</translation>
    </message>
    <message>
        <source>A document your label plan asks for (%1 in the plan still to label).</source>
        <translation>标注计划要求的文档（计划中还有 %1 个待标注）。</translation>
    </message>
    <message>
        <source>Every document is finished.</source>
        <translation>所有文档均已完成。</translation>
    </message>
    <message>
        <source>Export Annotator Package</source>
        <translation>导出标注员数据包</translation>
    </message>
    <message>
        <source>Annotator:</source>
        <translation>标注员：</translation>
    </message>
    <message>
        <source>Concord studies (*.concord)</source>
        <translation>Concord 研究 (*.concord)</translation>
    </message>
    <message>
        <source>Merge Annotations</source>
        <translation>合并标注</translation>
    </message>
    <message>
        <source>Cannot open the document</source>
        <translation>无法打开该文档</translation>
    </message>
    <message>
        <source>Refused &amp;Edits…</source>
        <translation>被拒绝的修改(&amp;E)…</translation>
    </message>
    <message>
        <source>The edits the team study&apos;s server refused, with its reasons: enter them again or drop them.</source>
        <translation>团队研究的服务器拒绝的修改及其原因：可重新输入或丢弃。</translation>
    </message>
    <message>
        <source>Cannot read the refused edits</source>
        <translation>无法读取被拒绝的修改</translation>
    </message>
    <message>
        <source>Cannot show that annotator&apos;s work</source>
        <translation>无法显示该标注员的工作</translation>
    </message>
</context>
<context>
    <name>concord::ui::AnnotationEditor</name>
    <message>
        <source>Rate %1</source>
        <translation>评分 %1</translation>
    </message>
    <message>
        <source>Clear Rating</source>
        <translation>清除评分</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>排序</translation>
    </message>
    <message>
        <source>Mark Factual Error</source>
        <translation>标记事实错误</translation>
    </message>
    <message>
        <source>Delete Factual Error</source>
        <translation>删除事实错误</translation>
    </message>
    <message>
        <source>Edit Note</source>
        <translation>编辑备注</translation>
    </message>
    <message>
        <source>Type Explanation</source>
        <translation>输入解释</translation>
    </message>
    <message>
        <source>Mark Unit</source>
        <translation>标记单元</translation>
    </message>
</context>
<context>
    <name>concord::ui::AnnotationView</name>
    <message>
        <source>Summary %1</source>
        <translation>摘要 %1</translation>
    </message>
    <message>
        <source>No study is open.</source>
        <translation>尚未打开研究。</translation>
    </message>
    <message>
        <source>Choose who is annotating (Annotate &gt; Choose Annotator…, Ctrl+Shift+A) to start; until then the summaries are read-only.</source>
        <translation>请先选择标注员（标注 &gt; 选择标注员…，Ctrl+Shift+A）；在此之前摘要为只读。</translation>
    </message>
    <message>
        <source>Annotating as %1. Every answer is saved at once.</source>
        <translation>正在以 %1 的身份标注。每个回答都会立即保存。</translation>
    </message>
    <message>
        <source>Explain your judgement of this document:</source>
        <translation>请解释你对该文档的评判：</translation>
    </message>
    <message>
        <source>The team study&apos;s server is away: other documents open again once it is back. Annotating goes on in the document shown.</source>
        <translation>团队研究的服务器不可用：服务器恢复后即可再次打开其他文档。可以继续标注当前显示的文档。</translation>
    </message>
    <message>
        <source>The server is away: answers wait on this computer and are sent once it is back; other documents open again then.</source>
        <translation>服务器不可用：回答暂存在本机，服务器恢复后即发送；届时可再次打开其他文档。</translation>
    </message>
    <message>
        <source>Opening the next document…</source>
        <translation>正在打开下一个文档…</translation>
    </message>
    <message>
        <source>Showing the work of %1, read only: it follows what they commit. Choose yourself as the annotator (Ctrl+Shift+A) to annotate.</source>
        <translation>正在只读显示 %1 的工作：会随其提交而更新。要标注，请将自己选为标注员（Ctrl+Shift+A）。</translation>
    </message>
    <message>
        <source>Sent to you by %1 for another look: %2</source>
        <translation>%1 将其发给您重新查看：%2</translation>
    </message>
    <message>
        <source>Returned by %1: %2</source>
        <translation>%1 退回：%2</translation>
    </message>
    <message>
        <source>Accepted by %1.</source>
        <translation>已由 %1 接受。</translation>
    </message>
    <message>
        <source>Adjudicated by %1.</source>
        <translation>已由 %1 裁定。</translation>
    </message>
    <message>
        <source>A reviewer&apos;s login does not annotate, and no document is opened here. Review the team&apos;s work in the Review view (Ctrl+5).</source>
        <translation>审核者的登录不做标注，此处也不打开文档。请在审核视图（Ctrl+5）中审核团队的工作。</translation>
    </message>
</context>
<context>
    <name>concord::ui::AnnotatorDialog</name>
    <message>
        <source>Annotator</source>
        <translation>标注员</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;One of the study's raters:</source>
        <translation>本研究中的评分者(&amp;O)：</translation>
    </message>
    <message>
        <source>A ne&amp;w rater:</source>
        <translation>新评分者(&amp;W)：</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Your judgements are saved under this rater.</source>
        <translation>你的评判将以此评分者的名义保存。</translation>
    </message>
    <message>
        <source>&amp;Group:</source>
        <translation>组(&amp;G)：</translation>
    </message>
    <message>
        <source>e.g. expert or crowd</source>
        <translation>例如 expert 或 crowd</translation>
    </message>
    <message>
        <source>The study already has a rater named %1: choose it above or give the new rater another name.</source>
        <translation>本研究已有名为 %1 的评分者：请在上方选择它，或为新评分者另取名称。</translation>
    </message>
    <message>
        <source>Choose one of the study&apos;s raters (%1)</source>
        <translation>选择研究中的一位评分者（%1 位）</translation>
    </message>
</context>
<context>
    <name>concord::ui::ArticlePane</name>
    <message>
        <source>Summary requirement</source>
        <translation>摘要要求</translation>
    </message>
    <message>
        <source>Article</source>
        <translation>原文</translation>
    </message>
    <message>
        <source>Find in the article (Enter: next, Shift+Enter: previous, Esc: close)</source>
        <translation>在原文中查找（Enter：下一个，Shift+Enter：上一个，Esc：关闭）</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>上一个</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一个</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>No document</source>
        <translation>无文档</translation>
    </message>
    <message>
        <source>%1 found</source>
        <translation>找到 %1 处</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>未找到</translation>
    </message>
</context>
<context>
    <name>concord::ui::AssignDialog</name>
    <message>
        <source>Assign Documents</source>
        <translation>分配文档</translation>
    </message>
    <message>
        <source>Each document goes to as many of the chosen annotators as asked, the overlap their agreement is measured on; a share of the documents goes to all of them. Assigning again replaces the assignment but keeps work done: a document someone has judged stays theirs.</source>
        <translation>每个文档分给所选标注员中指定数量的人，这就是衡量他们一致性所用的重叠；一部分文档分给所有人。重新分配会替换原有分配，但保留已完成的工作：某人已作出评判的文档仍归此人。</translation>
    </message>
    <message>
        <source>How many annotators annotate each document.</source>
        <translation>每个文档由多少名标注员标注。</translation>
    </message>
    <message>
        <source>The share of the documents every chosen annotator annotates: a calibration set.</source>
        <translation>每位所选标注员都标注的文档比例：校准集。</translation>
    </message>
    <message>
        <source>The same seed, annotators and documents give the same assignment.</source>
        <translation>相同的种子、标注员和文档得到相同的分配。</translation>
    </message>
    <message>
        <source>Every group</source>
        <translation>所有组</translation>
    </message>
    <message>
        <source>Space checks or unchecks the annotator chosen.</source>
        <translation>空格键勾选或取消勾选当前标注员。</translation>
    </message>
    <message>
        <source>Per &amp;document:</source>
        <translation>每个文档(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;Calibration share:</source>
        <translation>校准比例(&amp;C)：</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>种子(&amp;E)：</translation>
    </message>
    <message>
        <source>&amp;Group:</source>
        <translation>组(&amp;G)：</translation>
    </message>
    <message>
        <source>A&amp;nnotators:</source>
        <translation>标注员(&amp;N)：</translation>
    </message>
    <message>
        <source>S&amp;tored assignment:</source>
        <translation>已存储的分配(&amp;T)：</translation>
    </message>
    <message>
        <source>The width of the bootstrap interval of Krippendorff&apos;s α to aim for.</source>
        <translation>Krippendorff α 的 bootstrap 区间的目标宽度。</translation>
    </message>
    <message>
        <source>Pilot gro&amp;up:</source>
        <translation>试点组(&amp;U)：</translation>
    </message>
    <message>
        <source>Di&amp;mension:</source>
        <translation>维度(&amp;M)：</translation>
    </message>
    <message>
        <source>Interval &amp;width:</source>
        <translation>区间宽度(&amp;W)：</translation>
    </message>
    <message>
        <source>Reading the study…</source>
        <translation>正在读取研究…</translation>
    </message>
    <message>
        <source>&amp;Assign</source>
        <translation>分配(&amp;A)</translation>
    </message>
    <message>
        <source>Cannot read the study: %1</source>
        <translation>无法读取研究：%1</translation>
    </message>
    <message>
        <source>Group: %1</source>
        <translation>组：%1</translation>
    </message>
    <message>
        <source>Check at least one annotator to assign documents to.</source>
        <translation>请至少勾选一名要分配文档的标注员。</translation>
    </message>
    <message>
        <source>Assigning…</source>
        <translation>正在分配…</translation>
    </message>
    <message>
        <source>No estimate of the overlap: it needs a group of people and a rating dimension.</source>
        <translation>无法估计重叠：需要一个人员组和一个评分维度。</translation>
    </message>
    <message>
        <source>Estimating the overlap…</source>
        <translation>正在估计重叠…</translation>
    </message>
    <message>
        <source>No estimate of the overlap: %1</source>
        <translation>无法估计重叠：%1</translation>
    </message>
    <message>
        <source>Not enough pilot data: no summary is rated on %1 by two or more people of group %2 yet.</source>
        <translation>试点数据不足：组 %2 中尚无两人或以上在 %1 上为同一摘要评分。</translation>
    </message>
    <message>
        <source>About %1 documents given to two or more annotators give α on %2 an interval %3 wide (pilot: %4 such documents).</source>
        <translation>约 %1 个分给两名或以上标注员的文档可使 %2 上的 α 区间宽度为 %3（试点：%4 个此类文档）。</translation>
    </message>
    <message>
        <source>Not enough pilot data for an estimate: %1</source>
        <translation>试点数据不足，无法估计：%1</translation>
    </message>
</context>
<context>
    <name>concord::ui::AssignmentModel</name>
    <message>
        <source>Nothing is assigned: every annotator may annotate every document.</source>
        <translation>尚未分配：每位标注员都可以标注任何文档。</translation>
    </message>
    <message>
        <source>Documents by annotators each: %1. Calibration set: %2 of %3 documents.</source>
        <translation>按标注员人数统计的文档：%1。校准集：%3 个文档中的 %2 个。</translation>
    </message>
    <message>
        <source>Annotator</source>
        <translation>标注员</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>Calibration</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>Kept</source>
        <translation>保留</translation>
    </message>
</context>
<context>
    <name>concord::ui::BackgroundJob</name>
    <message>
        <source>an unexpected error occurred</source>
        <translation>发生了意外错误</translation>
    </message>
</context>
<context>
    <name>concord::ui::CandidateCard</name>
    <message>
        <source>Mark Factual Error</source>
        <translation>标记事实错误</translation>
    </message>
    <message>
        <source>Select the wrong words in the summary, then press E</source>
        <translation>在摘要中选中错误的词语，然后按 E</translation>
    </message>
    <message>
        <source>F2 edits the note; Delete removes the marked error</source>
        <translation>F2 编辑备注；Delete 删除所标记的错误</translation>
    </message>
    <message>
        <source>Delete Factual Error</source>
        <translation>删除事实错误</translation>
    </message>
    <message>
        <source>Delete Error (Del)</source>
        <translation>删除错误（Del）</translation>
    </message>
    <message>
        <source>Deletes the error picked in the list; in the list, Delete removes the error under its focus frame</source>
        <translation>删除在列表中选中的错误；在列表中，Delete 删除焦点框所在的错误</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Content units: is each one in this summary? Y or 1: present, N or 0: absent (each goes on to the next unit); Delete: not answered.</source>
        <translation>内容单元：本摘要是否包含每一项？Y 或 1：包含，N 或 0：缺少（每次都转到下一个单元）；Delete：未回答。</translation>
    </message>
    <message>
        <source>Y or 1: present, N or 0: absent, each going on to the next unit; Space or a click switches between present and absent; Delete: not answered</source>
        <translation>Y 或 1：包含，N 或 0：缺少，每次都转到下一个单元；空格键或单击在包含与缺少之间切换；Delete：未回答</translation>
    </message>
</context>
<context>
    <name>concord::ui::ChartExporter</name>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>cannot tell the figure format of %1: use .png, .svg or .pdf</source>
        <translation>无法判断 %1 的图形格式：请使用 .png、.svg 或 .pdf</translation>
    </message>
    <message>
        <source>there is no chart to export</source>
        <translation>没有可导出的图表</translation>
    </message>
    <message>
        <source>the chart has no size yet: show it first</source>
        <translation>图表尚无尺寸：请先显示它</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>cannot encode the PNG image %1</source>
        <translation>无法编码 PNG 图像 %1</translation>
    </message>
    <message>
        <source>Exported from Concord</source>
        <translation>由 Concord 导出</translation>
    </message>
    <message>
        <source>cannot start the SVG drawing %1</source>
        <translation>无法开始绘制 SVG 图 %1</translation>
    </message>
    <message>
        <source>cannot start the PDF document %1</source>
        <translation>无法开始生成 PDF 文档 %1</translation>
    </message>
</context>
<context>
    <name>concord::ui::DisagreementModel</name>
    <message>
        <source>mean of %1 ratings: %2</source>
        <translation>%1 个评分的均值：%2</translation>
    </message>
    <message>
        <source>Distance</source>
        <translation>差距</translation>
    </message>
    <message>
        <source>Judge</source>
        <translation>评审模型</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>#%1</source>
        <translation>#%1</translation>
    </message>
    <message>
        <source>%1&apos;s score: %2</source>
        <translation>%1 的评分：%2</translation>
    </message>
    <message>
        <source>Summary %1 of document %2; its system stays hidden until View &gt; Reveal System Names</source>
        <translation>文档 %2 的摘要 %1；其系统在“视图 &gt; 显示系统名称”之前保持隐藏</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Judge&apos;s score</source>
        <translation>评审模型评分</translation>
    </message>
    <message>
        <source>Human mean</source>
        <translation>人类均值</translation>
    </message>
</context>
<context>
    <name>concord::ui::DisagreementView</name>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Open in Annotate</source>
        <translation>在标注中打开</translation>
    </message>
    <message>
        <source>Judge:</source>
        <translation>评审模型：</translation>
    </message>
    <message>
        <source>Dimension:</source>
        <translation>维度：</translation>
    </message>
    <message>
        <source>System:</source>
        <translation>系统：</translation>
    </message>
    <message>
        <source>Article</source>
        <translation>原文</translation>
    </message>
    <message>
        <source>Summary (human error spans highlighted)</source>
        <translation>摘要（高亮显示人类标注的错误片段）</translation>
    </message>
    <message>
        <source>Humans: rating and explanation</source>
        <translation>人类：评分与解释</translation>
    </message>
    <message>
        <source>Judge: raw answer and parsed value</source>
        <translation>评审模型：原始回答与解析值</translation>
    </message>
    <message>
        <source>Ranking the disagreements…</source>
        <translation>正在排列分歧…</translation>
    </message>
    <message>
        <source>Cannot rank: %1</source>
        <translation>无法排列：%1</translation>
    </message>
    <message>
        <source>Items: %1, largest |judge − human mean| first (scaled to each dimension&apos;s range)</source>
        <translation>条目：%1，按 |评审模型 − 人类均值| 从大到小（按各维度的取值范围缩放）</translation>
    </message>
    <message>
        <source>%1 · %2 · %3 · %4: judge %5, humans %6</source>
        <translation>%1 · %2 · %3 · %4：评审模型 %5，人类 %6</translation>
    </message>
    <message>
        <source>Cannot read the item: %1</source>
        <translation>无法读取该条目：%1</translation>
    </message>
    <message>
        <source>error span</source>
        <translation>错误片段</translation>
    </message>
    <message>
        <source>no rating</source>
        <translation>无评分</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Sample %1 — parsed: %2%3</source>
        <translation>样本 %1 — 解析结果：%2%3</translation>
    </message>
    <message>
        <source> (invalid: %1)</source>
        <translation>（无效：%1）</translation>
    </message>
    <message>
        <source>No recorded call for this item; value %1.</source>
        <translation>该条目没有记录的调用；值为 %1。</translation>
    </message>
    <message>
        <source>%1 · %2 · %3: judge %4, humans %5</source>
        <translation>%1 · %2 · %3：评审模型 %4，人类 %5</translation>
    </message>
</context>
<context>
    <name>concord::ui::DocumentListModel</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Document %1 (candidates: %2)</source>
        <translation>文档 %1（摘要：%2）</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Judgements</source>
        <translation>评判</translation>
    </message>
    <message>
        <source>Requirement</source>
        <translation>要求</translation>
    </message>
    <message>
        <source>⚠ %1/%2</source>
        <translation>⚠ %1/%2</translation>
    </message>
    <message>
        <source>✓ done</source>
        <translation>✓ 已完成</translation>
    </message>
    <message>
        <source>%1/%2</source>
        <translation>%1/%2</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
</context>
<context>
    <name>concord::ui::ErrorSpanModel</name>
    <message>
        <source>Characters %1–%2</source>
        <translation>字符 %1–%2</translation>
    </message>
    <message>
        <source>Factual error</source>
        <translation>事实错误</translation>
    </message>
    <message>
        <source>Note (optional)</source>
        <translation>备注（可选）</translation>
    </message>
</context>
<context>
    <name>concord::ui::GuardedApplication</name>
    <message>
        <source>an unexpected error occurred</source>
        <translation>发生了意外错误</translation>
    </message>
</context>
<context>
    <name>concord::ui::GuidelinesPanel</name>
    <message>
        <source>Ratings</source>
        <translation>评分</translation>
    </message>
    <message>
        <source>Rankings</source>
        <translation>排序</translation>
    </message>
    <message>
        <source>Rank the summaries from 1 (best). Equal summaries share a rank; write ties as &quot;1, 2, 2, 4&quot; or &quot;1, 2, 2, 3&quot;, both are understood.</source>
        <translation>从 1（最好）开始为摘要排序。同样好的摘要名次相同；并列可写作“1, 2, 2, 4”或“1, 2, 2, 3”，两种都能识别。</translation>
    </message>
    <message>
        <source>Explain this ranking.</source>
        <translation>请解释此排序。</translation>
    </message>
    <message>
        <source>Factual errors</source>
        <translation>事实错误</translation>
    </message>
    <message>
        <source>Select the words of a summary that the article does not support and press E (or right-click, Mark Factual Error). Spans may overlap. A note is optional.</source>
        <translation>选中摘要中原文不支持的词语并按 E（或右键单击，选择“标记事实错误”）。片段可以重叠。备注可选。</translation>
    </message>
    <message>
        <source>Content units</source>
        <translation>内容单元</translation>
    </message>
    <message>
        <source>Keyboard</source>
        <translation>键盘</translation>
    </message>
    <message>
        <source>1–9: rate the focused row; Left/Right: step; Delete: clear</source>
        <translation>1–9：为当前行评分；左/右：逐级调整；Delete：清除</translation>
    </message>
    <message>
        <source>Up/Down or Tab: next row or card</source>
        <translation>上/下或 Tab：下一行或下一张卡片</translation>
    </message>
    <message>
        <source>Alt+Down / Alt+Up: next / previous document; Ctrl+Shift+N: next unfinished</source>
        <translation>Alt+下 / Alt+上：下一个 / 上一个文档；Ctrl+Shift+N：下一个未完成的文档</translation>
    </message>
    <message>
        <source>Ctrl+F: find in the article; Ctrl+G: go to a document</source>
        <translation>Ctrl+F：在原文中查找；Ctrl+G：转到文档</translation>
    </message>
    <message>
        <source>Ctrl+Z / Ctrl+Shift+Z: undo / redo</source>
        <translation>Ctrl+Z / Ctrl+Shift+Z：撤销 / 重做</translation>
    </message>
    <message>
        <source>Where the document lists content units, answer for each one whether the summary contains it. Until you answer, a unit reads &quot;not answered&quot; (in italics, its box neither ticked nor empty), then &quot;present&quot; (ticked) or &quot;absent&quot; (empty box, struck through); the document is finished only when no unit is left not answered. Y or 1 marks the unit present, N or 0 absent, and each goes on to the next unit; Space or a click switches between present and absent; Delete makes it not answered again.</source>
        <translation>文档列出内容单元时，请对每个单元回答摘要是否包含它。在您回答之前，单元显示“未回答”（斜体，复选框既未勾选也非空），回答后显示“包含”（已勾选）或“缺少”（空框，带删除线）；只有不再有未回答的单元时，文档才算完成。Y 或 1 将单元标为包含，N 或 0 标为缺少，并各自转到下一个单元；空格键或单击在包含与缺少之间切换；Delete 使其重新变为未回答。</translation>
    </message>
    <message>
        <source>Content units: Y or 1 present, N or 0 absent, each on to the next; Delete: not answered</source>
        <translation>内容单元：Y 或 1 包含，N 或 0 缺少，各自转到下一个；Delete：未回答</translation>
    </message>
</context>
<context>
    <name>concord::ui::ImportMonitor</name>
    <message>
        <source>Import cancelled; nothing was imported</source>
        <translation>导入已取消；未导入任何内容</translation>
    </message>
</context>
<context>
    <name>concord::ui::JudgeCallModel</name>
    <message>
        <source>valid</source>
        <translation>有效</translation>
    </message>
    <message>
        <source>invalid</source>
        <translation>无效</translation>
    </message>
    <message>
        <source>token probabilities</source>
        <translation>token 概率</translation>
    </message>
    <message>
        <source>mean of samples</source>
        <translation>样本均值</translation>
    </message>
    <message>
        <source>single answer</source>
        <translation>单个回答</translation>
    </message>
    <message>
        <source>recorded value</source>
        <translation>记录的值</translation>
    </message>
    <message>
        <source>Call</source>
        <translation>调用</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Valid</source>
        <translation>有效</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>方法</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>提示词</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>Tokens in + out</source>
        <translation>输入 + 输出 token</translation>
    </message>
    <message>
        <source>Latency (ms)</source>
        <translation>延迟（毫秒）</translation>
    </message>
    <message>
        <source>Call %1 (run %2), sample %3, %4 attempt(s), HTTP %5
</source>
        <translation>调用 %1（运行 %2），样本 %3，尝试 %4 次，HTTP %5
</translation>
    </message>
    <message>
        <source>Document: %1
</source>
        <translation>文档：%1
</translation>
    </message>
    <message>
        <source>Dimension: %1
</source>
        <translation>维度：%1
</translation>
    </message>
    <message>
        <source>Unit: %1
</source>
        <translation>单元：%1
</translation>
    </message>
    <message>
        <source>Valid; parsed value: %1
</source>
        <translation>有效；解析值：%1
</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Invalid: %1
</source>
        <translation>无效：%1
</translation>
    </message>
    <message>
        <source>Error: %1
</source>
        <translation>错误：%1
</translation>
    </message>
    <message>
        <source>Parsed: %1
</source>
        <translation>解析结果：%1
</translation>
    </message>
    <message>
        <source>Scored by: %1
</source>
        <translation>评分方式：%1
</translation>
    </message>
    <message>
        <source>Tokens: %1 in, %2 out; cost %3; latency %4 ms
</source>
        <translation>Token：输入 %1，输出 %2；费用 %3；延迟 %4 毫秒
</translation>
    </message>
    <message>
        <source>── Prompt ──</source>
        <translation>── 提示词 ──</translation>
    </message>
    <message>
        <source>── Answer ──</source>
        <translation>── 回答 ──</translation>
    </message>
    <message>
        <source>── Raw response ──</source>
        <translation>── 原始响应 ──</translation>
    </message>
    <message>
        <source>Why the answer could not be read, or why the call failed; empty for a valid answer (its own reasoning is in the answer)</source>
        <translation>无法读取回答或调用失败的原因；有效回答此处为空（其自身的推理在回答中）</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>structured answer</source>
        <translation>结构化回答</translation>
    </message>
</context>
<context>
    <name>concord::ui::EstimateTableModel</name>
    <message>
        <source>undefined</source>
        <translation>未定义</translation>
    </message>
    <message>
        <source>%1, interval %2 to %3, standard error %4</source>
        <translation>%1，区间 %2 至 %3，标准误 %4</translation>
    </message>
    <message>
        <source>PPI++</source>
        <translation>PPI++</translation>
    </message>
    <message>
        <source>PPI</source>
        <translation>PPI</translation>
    </message>
    <message>
        <source>Labels alone</source>
        <translation>仅标签</translation>
    </message>
    <message>
        <source>The judge was worth %1 labels: its interval is as narrow as %2 labels alone would make it (lambda %3)</source>
        <translation>评审模型相当于 %1 个标签：其区间与仅用 %2 个标签得到的区间一样窄（lambda %3）</translation>
    </message>
    <message>
        <source>Only a what-if, which keeps a share of the labels, knows the mean of every label</source>
        <translation>只有保留部分标签的假设情景才知道全部标签的均值</translation>
    </message>
    <message>
        <source>The group&apos;s mean over every label of the system: %1</source>
        <translation>该组在此系统全部标签上的均值：%1</translation>
    </message>
    <message>
        <source>Labelled summaries left out for want of a score of the judge: %1</source>
        <translation>因评审模型未打分而略去的有标签摘要：%1</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>n labelled</source>
        <translation>有标签 n</translation>
    </message>
    <message>
        <source>n unlabelled</source>
        <translation>无标签 n</translation>
    </message>
    <message>
        <source>Human mean [interval]</source>
        <translation>人类均值 [区间]</translation>
    </message>
    <message>
        <source>%1 [interval]</source>
        <translation>%1 [区间]</translation>
    </message>
    <message>
        <source>Labels saved</source>
        <translation>节省的标签</translation>
    </message>
    <message>
        <source>Full-data mean</source>
        <translation>全数据均值</translation>
    </message>
    <message>
        <source>Caution</source>
        <translation>注意</translation>
    </message>
</context>
<context>
    <name>concord::ui::PlanLabelsDialog</name>
    <message>
        <source>Plan Next Labels</source>
        <translation>规划下一批标注</translation>
    </message>
    <message>
        <source>How many summaries to label, in expectation: each is drawn on its own with its probability.</source>
        <translation>期望标注的摘要数：每篇按其概率独立抽取。</translation>
    </message>
    <message>
        <source>By the judge&apos;s uncertainty</source>
        <translation>按评判者的不确定性</translation>
    </message>
    <message>
        <source>Uniformly</source>
        <translation>均匀</translation>
    </message>
    <message>
        <source>The judge&apos;s uncertainty is the spread of its sampled answers or, without samples, how far it was from the people on labelled summaries with like scores.</source>
        <translation>评判者的不确定性是其多次采样回答的离散程度；没有采样时，是它在分数相近的已标注摘要上与人工的差距。</translation>
    </message>
    <message>
        <source>The share of each probability spread evenly: no summary&apos;s probability is 0.</source>
        <translation>每个概率中均匀分配的份额：任何摘要的概率都不为 0。</translation>
    </message>
    <message>
        <source>Nobody in particular</source>
        <translation>不指定</translation>
    </message>
    <message>
        <source>Which summaries the group labels next on %1, for the estimates from judge %2.</source>
        <translation>小组接下来在 %1 上标注哪些摘要，用于评判者 %2 的估计。</translation>
    </message>
    <message>
        <source>&amp;Labels:</source>
        <translation>标注数(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Drawn:</source>
        <translation>抽取方式(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;Uniform share:</source>
        <translation>均匀份额(&amp;U)：</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>种子(&amp;E)：</translation>
    </message>
    <message>
        <source>&amp;Queue of:</source>
        <translation>队列归属(&amp;Q)：</translation>
    </message>
    <message>
        <source>&amp;Plan</source>
        <translation>规划(&amp;P)</translation>
    </message>
</context>
<context>
    <name>concord::ui::EstimatesPanel</name>
    <message>
        <source>&amp;Plan Next Labels…</source>
        <translation>规划下一批标注(&amp;P)…</translation>
    </message>
    <message>
        <source>Which summaries the group should label next, drawn by the judge&apos;s uncertainty and stored in the study with every probability, so estimates from them stay valid.</source>
        <translation>小组接下来应标注哪些摘要：按评判者的不确定性抽取，并连同每个概率存入研究，使据此得到的估计保持有效。</translation>
    </message>
    <message>
        <source>Planning…</source>
        <translation>正在规划…</translation>
    </message>
    <message>
        <source>No plan was made: %1</source>
        <translation>未生成计划：%1</translation>
    </message>
    <message>
        <source>Plan %1: %2 of the %3 summaries not labelled yet are drawn to label (uncertainty from %4). Estimates from them: concord-cli estimate --plan %1.</source>
        <translation>计划 %1：在 %3 篇尚未标注的摘要中抽取了 %2 篇待标注（不确定性来自：%4）。据此估计：concord-cli estimate --plan %1。</translation>
    </message>
    <message>
        <source>%1, summary %2 (probability %3)</source>
        <translation>%1，摘要 %2（概率 %3）</translation>
    </message>
    <message>
        <source>&amp;Keep a share of the labels:</source>
        <translation>保留部分标签(&amp;K)：</translation>
    </message>
    <message>
        <source>PPI++ weighs the judge by how well it follows the labels; PPI takes its scores as they are; labels alone leave the judge out.</source>
        <translation>PPI++ 按评审模型与标签的吻合程度为其加权；PPI 直接采用其分数；仅标签则不用评审模型。</translation>
    </message>
    <message>
        <source>A what-if: a seeded share of the summaries keeps its labels and the judge stands in for the rest; the full-data mean is the group&apos;s mean over every label.</source>
        <translation>假设情景：按种子随机保留一部分摘要的标签，其余由评审模型代替；全数据均值是该组在全部标签上的均值。</translation>
    </message>
    <message>
        <source>&amp;Judge:</source>
        <translation>评审模型(&amp;J)：</translation>
    </message>
    <message>
        <source>D&amp;imension:</source>
        <translation>维度(&amp;I)：</translation>
    </message>
    <message>
        <source>Me&amp;thod:</source>
        <translation>方法(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Confidence:</source>
        <translation>置信度(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>种子(&amp;S)：</translation>
    </message>
    <message>
        <source>Open a study with a judge and a group of humans.</source>
        <translation>请打开一个包含评审模型和一组人类的研究。</translation>
    </message>
    <message>
        <source>Estimates</source>
        <translation>估计</translation>
    </message>
    <message>
        <source>Estimates need a judge and a group of humans who scored a Likert dimension.</source>
        <translation>估计需要一个评审模型和一组对某个 Likert 维度打过分的人类。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>Cannot estimate: %1</source>
        <translation>无法估计：%1</translation>
    </message>
    <message>
        <source>%1 of %2 estimated with %3, %4 intervals; the judge: %5.</source>
        <translation>%2 的 %1，以 %3 估计，%4 区间；评审模型：%5。</translation>
    </message>
    <message>
        <source>What-if: %1 % of the labels kept (seed %2), the judge standing in for the rest.</source>
        <translation>假设情景：保留 %1 % 的标签（种子 %2），其余由评审模型代替。</translation>
    </message>
    <message>
        <source>Every summary the judge scored has the group&apos;s labels, so there is nothing for the judge to estimate: each interval is the labels&apos; own. Tick &quot;Keep a share of the labels&quot; to see how the judge would stand in for the rest.</source>
        <translation>评审模型打过分的每篇摘要都有该组的标签，因此评审模型没有可估计的内容：每个区间都只来自标签。勾选“保留部分标签”，即可查看评审模型代替其余标签时的表现。</translation>
    </message>
    <message>
        <source>%1 of %2: %3 and the labels alone, %4 intervals</source>
        <translation>%2 的 %1：%3 与仅标签，%4 区间</translation>
    </message>
    <message>
        <source>No system has two labels for an interval.</source>
        <translation>没有系统有两个标签可算区间。</translation>
    </message>
    <message>
        <source>%1, %2: %3, interval %4 to %5</source>
        <translation>%1，%2：%3，区间 %4 至 %5</translation>
    </message>
    <message>
        <source>%1, %2: no interval (%3)</source>
        <translation>%1，%2：无区间（%3）</translation>
    </message>
    <message>
        <source>Labels alone</source>
        <translation>仅标签</translation>
    </message>
    <message>
        <source>Full-data mean</source>
        <translation>全数据均值</translation>
    </message>
    <message>
        <source>%1: the mean of every label, %2</source>
        <translation>%1：全部标签的均值，%2</translation>
    </message>
</context>
<context>
    <name>concord::ui::JudgeComparisonPanel</name>
    <message>
        <source>dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>system</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Pearson r</source>
        <translation>Pearson r</translation>
    </message>
    <message>
        <source>Spearman ρ</source>
        <translation>Spearman ρ</translation>
    </message>
    <message>
        <source>Kendall τb</source>
        <translation>Kendall τb</translation>
    </message>
    <message>
        <source>Kendall τc</source>
        <translation>Kendall τc</translation>
    </message>
    <message>
        <source>Judge A:</source>
        <translation>评审模型 A：</translation>
    </message>
    <message>
        <source>against judge B:</source>
        <translation>对比评审模型 B：</translation>
    </message>
    <message>
        <source>Coefficient:</source>
        <translation>系数：</translation>
    </message>
    <message>
        <source>Open a study with two judges.</source>
        <translation>请打开一个包含两个评审模型的研究。</translation>
    </message>
    <message>
        <source>Compare judges</source>
        <translation>比较评审模型</translation>
    </message>
    <message>
        <source>Comparing needs two judges and a group of humans.</source>
        <translation>比较需要两个评审模型和一组人类评分者。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>Cannot compare: %1</source>
        <translation>无法比较：%1</translation>
    </message>
    <message>
        <source>Does %1 (A) agree with the mean of %2 (%3) better than %4 (B)? Williams&apos; test compares Pearson correlations at dataset and system level; the permutation test (%5 resamples, seed %6) covers every level. Both judges are compared on the items both rated. p-values are two-sided; significant: every test that applies has p &lt; %7.</source>
        <translation>%1（A）与 %2（%3）均值的一致性是否优于 %4（B）？Williams 检验在数据集和系统层级比较 Pearson 相关；置换检验（%5 次重抽样，种子 %6）覆盖所有层级。两个评审模型只在双方都评过的条目上比较。p 值为双侧；显著：所有适用的检验均为 p &lt; %7。</translation>
    </message>
    <message>
        <source>a correlation is undefined</source>
        <translation>某个相关系数未定义</translation>
    </message>
    <message>
        <source>neither</source>
        <translation>无</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>层级</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>r(A, humans)</source>
        <translation>r(A, 人类)</translation>
    </message>
    <message>
        <source>r(B, humans)</source>
        <translation>r(B, 人类)</translation>
    </message>
    <message>
        <source>A − B</source>
        <translation>A − B</translation>
    </message>
    <message>
        <source>r(A, B)</source>
        <translation>r(A, B)</translation>
    </message>
    <message>
        <source>Williams t</source>
        <translation>Williams t</translation>
    </message>
    <message>
        <source>Williams p</source>
        <translation>Williams p</translation>
    </message>
    <message>
        <source>Permutation p</source>
        <translation>置换检验 p</translation>
    </message>
    <message>
        <source>Better</source>
        <translation>更优</translation>
    </message>
    <message>
        <source>Significant</source>
        <translation>显著</translation>
    </message>
    <message>
        <source>All documents</source>
        <translation>全部文档</translation>
    </message>
    <message>
        <source>Dev split</source>
        <translation>开发集 (dev)</translation>
    </message>
    <message>
        <source>Test split</source>
        <translation>测试集 (test)</translation>
    </message>
    <message>
        <source>Documents:</source>
        <translation>文档：</translation>
    </message>
    <message>
        <source>Compare on one held-out split&apos;s documents only (concord-cli split makes the split): a template tuned on dev is tested on test, where it saw no item.</source>
        <translation>只在一个留出划分的文档上比较（用 concord-cli split 创建划分）：在开发集上调优的模板在测试集上检验，那里的条目它从未见过。</translation>
    </message>
    <message>
        <source>Only the dev split&apos;s documents are compared.</source>
        <translation>仅比较开发集的文档。</translation>
    </message>
    <message>
        <source>Only the test split&apos;s documents are compared.</source>
        <translation>仅比较测试集的文档。</translation>
    </message>
</context>
<context>
    <name>concord::ui::JudgeSettingsForm</name>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>a name for these settings</source>
        <translation>为这组设置命名</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Profile:</source>
        <translation>配置：</translation>
    </message>
    <message>
        <source>openai: any OpenAI-compatible server (OpenAI, vLLM, llama.cpp, Ollama&apos;s /v1, OpenRouter…)</source>
        <translation>openai：任何兼容 OpenAI 的服务器（OpenAI、vLLM、llama.cpp、Ollama 的 /v1、OpenRouter…）</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>类型(&amp;K)：</translation>
    </message>
    <message>
        <source>Base &amp;URL:</source>
        <translation>基础 URL(&amp;U)：</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>The NAME of the environment variable that holds the API key, never the key itself. Empty for a local server without a key.</source>
        <translation>保存 API 密钥的环境变量的名称，绝不是密钥本身。本地无密钥服务器请留空。</translation>
    </message>
    <message>
        <source>API key &amp;variable:</source>
        <translation>API 密钥变量(&amp;V)：</translation>
    </message>
    <message>
        <source> per 1M tokens</source>
        <translation> / 百万 token</translation>
    </message>
    <message>
        <source>Price &amp;in:</source>
        <translation>输入价格(&amp;I)：</translation>
    </message>
    <message>
        <source>Price &amp;out:</source>
        <translation>输出价格(&amp;O)：</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>&amp;Protocol:</source>
        <translation>协议(&amp;P)：</translation>
    </message>
    <message>
        <source>None checked: every Likert dimension.</source>
        <translation>未勾选：所有 Likert 维度。</translation>
    </message>
    <message>
        <source>&amp;Dimensions:</source>
        <translation>维度(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;Judge name:</source>
        <translation>评审模型名称(&amp;J)：</translation>
    </message>
    <message>
        <source>&amp;Concurrency:</source>
        <translation>并发数(&amp;A)：</translation>
    </message>
    <message>
        <source>all documents</source>
        <translation>全部文档</translation>
    </message>
    <message>
        <source>&amp;Limit:</source>
        <translation>数量上限(&amp;L)：</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>The longest wait a server may ask for with Retry-After; a call asked to wait longer fails as rate-limited.</source>
        <translation>服务器通过 Retry-After 可要求的最长等待时间；被要求等待更久的调用将作为速率受限而失败。</translation>
    </message>
    <message>
        <source>Longest &amp;wait:</source>
        <translation>最长等待(&amp;W)：</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>A larger answer is stopped as it arrives and fails its call.</source>
        <translation>更大的回答会在接收时被中止，其调用失败。</translation>
    </message>
    <message>
        <source>Largest &amp;answer:</source>
        <translation>最大回答(&amp;A)：</translation>
    </message>
    <message>
        <source>user information before the host</source>
        <translation>主机名之前的用户信息</translation>
    </message>
    <message>
        <source>the query parameter &apos;%1&apos;</source>
        <translation>查询参数“%1”</translation>
    </message>
    <message>
        <source>The base URL holds a credential (%1), which would be stored with the results. Put the key in an environment variable and give that variable&apos;s name under API key variable.</source>
        <translation>基础 URL 中含有凭据（%1），它会随结果一起被保存。请将密钥放入环境变量，并在“API 密钥变量”中填写该变量的名称。</translation>
    </message>
    <message>
        <source>Cannot save the provider</source>
        <translation>无法保存服务商</translation>
    </message>
    <message>
        <source>No dimension chosen: all %1 Likert dimensions will be judged.</source>
        <translation>未选择维度：将评判全部 %1 个 Likert 维度。</translation>
    </message>
    <message>
        <source>%1 is not set: export the API key in this environment variable before starting Concord.</source>
        <translation>%1 未设置：请在启动 Concord 之前将 API 密钥导出到此环境变量中。</translation>
    </message>
    <message>
        <source>%1 is empty: export the API key in this environment variable before starting Concord.</source>
        <translation>%1 为空：请在启动 Concord 之前将 API 密钥导出到此环境变量中。</translation>
    </message>
    <message>
        <source>Reason, then score: a one-sentence reason, then a score on the scale, per summary and dimension.</source>
        <translation>先理由后评分：每个摘要和维度先给出一句理由，再给出量表上的分数。</translation>
    </message>
    <message>
        <source>Multiple choice: one letter per summary and dimension, each letter a scale point described by its label.</source>
        <translation>多项选择：每个摘要和维度给出一个字母，每个字母代表一个由其标签描述的量表点。</translation>
    </message>
    <message>
        <source>Every Likert dimension of a summary scored in one answer.</source>
        <translation>在一次回答中为摘要的每个李克特维度评分。</translation>
    </message>
    <message>
        <source>G-Eval: the model writes evaluation steps for each dimension, then fills in a score, weighted by its token probabilities.</source>
        <translation>G-Eval：模型先为每个维度写出评估步骤，再填写分数，并按其词元概率加权。</translation>
    </message>
    <message>
        <source>LLMScore: is this a good summary for the requirement, Yes or No; the rating is the probability of Yes.</source>
        <translation>LLMScore：该摘要是否符合要求，回答是或否；评分为“是”的概率。</translation>
    </message>
    <message>
        <source>LLMEval: a score for the summary given the requirement.</source>
        <translation>LLMEval：根据要求为摘要给出分数。</translation>
    </message>
    <message>
        <source>Head-to-head: which of two summaries is better on a dimension, or a draw; every pair is asked in both orders.</source>
        <translation>H2H：两个摘要在某一维度上哪个更好，或平局；每对摘要按两种顺序各问一次。</translation>
    </message>
    <message>
        <source>Pairwise: the better of two summaries overall, no draw; the order shuffled.</source>
        <translation>成对比较：两个摘要中总体更好的一个，不允许平局；顺序随机打乱。</translation>
    </message>
    <message>
        <source>LLMCompare: reasoning, then the better of two summaries on a dimension or a tie; the order shuffled.</source>
        <translation>LLMCompare：先推理，再给出两个摘要在某一维度上更好的一个或并列；顺序随机打乱。</translation>
    </message>
    <message>
        <source>LLMRank: reasoning, then a rank for every summary of a document, ties allowed.</source>
        <translation>LLMRank：先推理，再为文档的每个摘要给出名次，允许并列。</translation>
    </message>
    <message>
        <source>Pyramid: does the summary express each content unit of the document, Yes or No.</source>
        <translation>Pyramid：摘要是否表达了文档的每个内容单元，回答是或否。</translation>
    </message>
    <message>
        <source>Factuality: is each sentence of the summary supported by the article, Yes or No.</source>
        <translation>事实性：摘要的每个句子是否得到原文支持，回答是或否。</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从不</translation>
    </message>
    <message>
        <source> times</source>
        <translation> 次</translation>
    </message>
    <message>
        <source>Re-ask w&amp;hen unreadable:</source>
        <translation>无法读取时重新询问(&amp;H)：</translation>
    </message>
    <message>
        <source>An answer that cannot be read is asked again, in the same conversation, with a message giving the answer&apos;s form; each attempt is a call of its own.</source>
        <translation>无法读取的回答会在同一对话中重新询问，并附上说明回答格式的消息；每次尝试都是单独的一次调用。</translation>
    </message>
    <message>
        <source>%1 is scored from token probabilities: its answers are not asked again.</source>
        <translation>%1 依据词元概率评分：其回答不会被重新询问。</translation>
    </message>
    <message>
        <source>All documents</source>
        <translation>全部文档</translation>
    </message>
    <message>
        <source>Dev split</source>
        <translation>开发集 (dev)</translation>
    </message>
    <message>
        <source>Test split</source>
        <translation>测试集 (test)</translation>
    </message>
    <message>
        <source>Judge only the documents of one side of the held-out split (concord-cli split makes it).</source>
        <translation>只评判留出划分中一侧的文档（由 concord-cli split 生成）。</translation>
    </message>
    <message>
        <source>Documents &amp;by split:</source>
        <translation>按划分选文档(&amp;B)：</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>E&amp;xamples from:</source>
        <translation>示例来源(&amp;X)：</translation>
    </message>
    <message>
        <source>Examples per prompt:</source>
        <translation>每个提示的示例数：</translation>
    </message>
    <message>
        <source>Examples scored by:</source>
        <translation>示例评分者：</translation>
    </message>
    <message>
        <source>Each prompt shows worked examples: the dev split's summaries on which this judge and the people disagree most, with the people's scores and explanations; never a test document, never the summary's own. The template gets them as a version of its own.</source>
        <translation>每个提示都附带示例：开发集 (dev) 中该评审模型与人类分歧最大的摘要，附人类的评分与理由；绝不取测试集 (test) 的文档，也绝不取该摘要自身的文档。模板以此形成一个独立版本。</translation>
    </message>
    <message>
        <source>%1 does not take examples: they are for the protocols that score one summary on one dimension.</source>
        <translation>%1 不接受示例：示例只用于在一个维度上给一篇摘要打分的协议。</translation>
    </message>
    <message>
        <source>&amp;Structured answers: a reason and a score</source>
        <translation>结构化回答(&amp;S)：理由与评分</translation>
    </message>
    <message>
        <source>The provider holds the model to a JSON object of a reason and a whole-number score, read strictly; each call's method is "structured".</source>
        <translation>提供方要求模型输出一个含理由与整数评分的 JSON 对象，并严格读取；每次调用的方法记为 "structured"。</translation>
    </message>
    <message>
        <source>%1 keeps its free-text prompt and parser: structured answers are for rts and llmeval.</source>
        <translation>%1 保留其自由文本提示与解析器：结构化回答只用于 rts 和 llmeval。</translation>
    </message>
    <message>
        <source>once</source>
        <translation>一次</translation>
    </message>
    <message>
        <source>Ask each summar&amp;y:</source>
        <translation>每个摘要询问(&amp;Y)：</translation>
    </message>
    <message>
        <source>Answers asked again at temperature 0 would repeat one another.</source>
        <translation>在温度 0 下重复询问的回答只会彼此重复。</translation>
    </message>
    <message>
        <source>Temperature of repeated answers:</source>
        <translation>重复回答的温度：</translation>
    </message>
    <message>
        <source>Each summary asked this many times, scored by the mean of its answers; the judge card shows the vote share and the judge's own variance from them.</source>
        <translation>每个摘要询问这么多次，以其回答的均值计分；评审模型卡片据此显示票数占比和评审模型自身的方差。</translation>
    </message>
    <message>
        <source>%1 is not asked several times: repeats are for rts, mcq and llmeval (geval samples on its own).</source>
        <translation>%1 不会被多次询问：重复询问适用于 rts、mcq 和 llmeval（geval 自行抽取样本）。</translation>
    </message>
    <message>
        <source>A summary asked several times leaves an unreadable answer out of its mean rather than asking it again.</source>
        <translation>被多次询问的摘要会把无法读取的回答排除在均值之外，而不是重新询问。</translation>
    </message>
    <message>
        <source>Batch &amp;queue: half price, answers within 24 hours</source>
        <translation>批处理队列(&amp;Q)：半价，24 小时内给出回答</translation>
    </message>
    <message>
        <source>Ollama has no batch API: its judges are asked online.</source>
        <translation>Ollama 没有批处理 API:其评审模型在线询问。</translation>
    </message>
    <message>
        <source>geval writes its evaluation steps first and decides from the answers how to score, so it is asked online.</source>
        <translation>geval 先写出评估步骤,再根据回答决定如何打出分数,因此在线询问。</translation>
    </message>
    <message>
        <source>The requests go to OpenAI's Batch API or Anthropic's Message Batches at the batch price; the run returns once they are submitted, and Fetch Batch Results stores the answers when they are done. A server without a batch API is judged online.</source>
        <translation>请求以批处理价格发送到 OpenAI 的 Batch API 或 Anthropic 的 Message Batches;提交后本次运行即返回,完成后由“获取批处理结果”保存回答。没有批处理 API 的服务器改为在线处理。</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>At most this many requests in any minute, as the provider's rate limit allows; 0 is no limit.</source>
        <translation>任意一分钟内最多发送这么多请求,以服务商的速率限制为准;0 表示不限。</translation>
    </message>
    <message>
        <source>Requests a minute:</source>
        <translation>每分钟请求数:</translation>
    </message>
    <message>
        <source>At most this many tokens in any minute (each prompt's estimated tokens and its longest answer), as the provider's rate limit allows; 0 is no limit.</source>
        <translation>任意一分钟内最多这么多 token(每个提示词的估计 token 数及其最长回答),以服务商的速率限制为准;0 表示不限。</translation>
    </message>
    <message>
        <source>Tokens a minute:</source>
        <translation>每分钟 token 数:</translation>
    </message>
</context>
<context>
    <name>concord::ui::JudgesView</name>
    <message>
        <source>&amp;Calls</source>
        <translation>调用(&amp;C)</translation>
    </message>
    <message>
        <source>Prompt &amp;Template</source>
        <translation>提示词模板(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Protocol:</source>
        <translation>协议(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Judge name:</source>
        <translation>评审模型名称(&amp;J)：</translation>
    </message>
    <message>
        <source>&amp;Estimate Cost</source>
        <translation>估算费用(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Ca&amp;ncel</source>
        <translation>取消(&amp;N)</translation>
    </message>
    <message>
        <source>No run yet.</source>
        <translation>尚未运行。</translation>
    </message>
    <message>
        <source>&amp;Import Recorded Judgements…</source>
        <translation>导入已记录的评判(&amp;X)…</translation>
    </message>
    <message>
        <source>All calls</source>
        <translation>全部调用</translation>
    </message>
    <message>
        <source>Valid only</source>
        <translation>仅有效</translation>
    </message>
    <message>
        <source>Invalid only</source>
        <translation>仅无效</translation>
    </message>
    <message>
        <source>Filter prompts, answers and reasons</source>
        <translation>筛选提示词、回答和原因</translation>
    </message>
    <message>
        <source>Judge:</source>
        <translation>评审模型：</translation>
    </message>
    <message>
        <source>Select a call to see its prompt and raw answer.</source>
        <translation>选择一个调用以查看其提示词和原始回答。</translation>
    </message>
    <message>
        <source>Cannot estimate</source>
        <translation>无法估算</translation>
    </message>
    <message>
        <source>Estimating…</source>
        <translation>正在估算…</translation>
    </message>
    <message>
        <source>Cannot run the judge</source>
        <translation>无法运行评审模型</translation>
    </message>
    <message>
        <source>The edited prompt template has an error: %1</source>
        <translation>编辑后的提示词模板有错误：%1</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>%1 of %2 calls done (%3 cached), %4 failed, %5 retries, %6 in flight
invalid %7%, tokens %8 in + %9 out, cost so far %10
elapsed %11, ETA %12</source>
        <translation>已完成 %1 / %2 个调用（%3 个来自缓存），%4 个失败，%5 次重试，%6 个进行中
无效 %7%，token 输入 %8 + 输出 %9，目前费用 %10
已用时 %11，预计剩余 %12</translation>
    </message>
    <message>
        <source>The cost so far includes %1 paid earlier for calls this judge had answered.</source>
        <translation>目前费用包含此前为该评审模型已回答的调用支付的 %1。</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>注意：%1</translation>
    </message>
    <message>
        <source>G-Eval: %1 units by token probabilities, %2 by the mean of %3 samples</source>
        <translation>G-Eval：%1 个单元按 token 概率评分，%2 个按 %3 个样本的均值评分</translation>
    </message>
    <message>
        <source>LLMScore: %1 units by token probabilities, %2 by a single answer without them</source>
        <translation>LLMScore：%1 个单元按 token 概率评分，%2 个按不含 token 概率的单个回答评分</translation>
    </message>
    <message>
        <source>Resume &amp;Interrupted Run</source>
        <translation>继续被中断的运行(&amp;I)</translation>
    </message>
    <message>
        <source>Cannot resume the run</source>
        <translation>无法继续该运行</translation>
    </message>
    <message>
        <source>Resuming run %1…</source>
        <translation>正在继续运行 %1…</translation>
    </message>
    <message>
        <source>The study is busy (another program is writing to it): waiting, the answers are kept…</source>
        <translation>研究文件正忙（另一个程序正在写入）：正在等待，已得到的回答会被保留…</translation>
    </message>
    <message>
        <source>Run %1 of %2 (%3) was interrupted: its program was stopped or failed. Started %4; %5 calls stored. Resume sends only what is missing.</source>
        <translation>%2（%3）的运行 %1 已中断：其程序被终止或出错。开始于 %4；已保存 %5 次调用。继续运行时只发送缺少的部分。</translation>
    </message>
    <message>
        <source>Cancelled: Resume sends only what is missing.</source>
        <translation>已取消：继续运行时只发送缺少的部分。</translation>
    </message>
    <message>
        <source>Finished, with failed calls (Resume retries them).</source>
        <translation>已完成，但有失败的调用（继续运行会重试它们）。</translation>
    </message>
    <message>
        <source>Finished.</source>
        <translation>已完成。</translation>
    </message>
    <message>
        <source>The run did not start: %1</source>
        <translation>运行未能开始：%1</translation>
    </message>
    <message>
        <source>Cannot read the study</source>
        <translation>无法读取研究</translation>
    </message>
    <message>
        <source>The judge run failed</source>
        <translation>评审模型运行失败</translation>
    </message>
    <message>
        <source>No estimate: %1</source>
        <translation>无法估算：%1</translation>
    </message>
    <message>
        <source>Estimate: %1 calls to send (%2 already answered), ~%3 tokens in, ~%4 out (at most %5); cost ~%6 (at most %7)</source>
        <translation>估算：需发送 %1 个调用（%2 个已有回答），输入约 %3 token，输出约 %4（最多 %5）；费用约 %6（最多 %7）</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
    <message>
        <source>Cannot read the calls</source>
        <translation>无法读取调用</translation>
    </message>
    <message>
        <source>document %1</source>
        <translation>文档 %1</translation>
    </message>
    <message>
        <source>, %1</source>
        <translation>，%1</translation>
    </message>
    <message>
        <source>Import Recorded Judgements</source>
        <translation>导入已记录的评判</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>&amp;File (JSONL):</source>
        <translation>文件 (JSONL)(&amp;F)：</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>可选</translation>
    </message>
    <message>
        <source>Recorded Judgements</source>
        <translation>已记录的评判</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl *.json);;All files (*)</source>
        <translation>JSON Lines (*.jsonl *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Import failed</source>
        <translation>导入失败</translation>
    </message>
    <message>
        <source>Give a file, a protocol and the judge&apos;s name.</source>
        <translation>请提供文件、协议和评审模型名称。</translation>
    </message>
    <message>
        <source>Imported %1 recorded judgements (%2 valid, %3 invalid).</source>
        <translation>已导入 %1 条已记录的评判（%2 条有效，%3 条无效）。</translation>
    </message>
    <message>
        <source>%1 of them answer a unit answered earlier in the file: the later answer is the judgement, the earlier ones stay as calls.</source>
        <translation>其中 %1 条回答了文件中前面已回答过的单元：以后出现的回答为评判，之前的回答保留为调用记录。</translation>
    </message>
    <message>
        <source>Cannot run: %1</source>
        <translation>无法运行：%1</translation>
    </message>
    <message>
        <source>An annotator runs no judges: the team study&apos;s judge records are for its lead.</source>
        <translation>标注员不运行评审模型：团队研究的评审模型记录归研究负责人管理。</translation>
    </message>
    <message>
        <source>Form Panel of Jud&amp;ges…</source>
        <translation>由评审模型组建评审团(&amp;G)…</translation>
    </message>
    <message>
        <source>A judge of its own whose score of a summary combines several judges&apos; scores</source>
        <translation>一个独立的评审模型，其对摘要的评分合并多个评审模型的评分</translation>
    </message>
    <message>
        <source>Cannot form the panel</source>
        <translation>无法组建评审团</translation>
    </message>
    <message>
        <source>Panel &apos;%1&apos; formed: %2 judgements; %3 left out (a member&apos;s judgement missing, or the votes tied).</source>
        <translation>评审团“%1”已组建：%2 个评判；%3 个未计入（缺少某成员的评判，或票数并列）。</translation>
    </message>
    <message>
        <source>Re-asking (up to %1 times): %2 of %3 first answers invalid, %4 re-asks, %5 recovered; %6 invalid after re-asking</source>
        <translation>重新询问（最多 %1 次）：%3 个首次回答中 %2 个无效，重新询问 %4 次，挽回 %5 个；重新询问后仍有 %6 个无效</translation>
    </message>
    <message>
        <source>Each summary asked %1 times: %2 units by the mean of %1 answers</source>
        <translation>每个摘要询问 %1 次：%2 个单元按 %1 个回答的均值计分</translation>
    </message>
    <message>
        <source>Fetch Batch Results</source>
        <translation>获取批处理结果</translation>
    </message>
    <message>
        <source>Asking the providers about the study's batches…</source>
        <translation>正在向服务商查询本研究的批处理…</translation>
    </message>
    <message>
        <source>Some batches could not be polled</source>
        <translation>部分批处理无法查询</translation>
    </message>
    <message>
        <source>%1 batches (%2 requests) wait with their providers, the first submitted %3. Fetch Batch Results asks where they stand and stores the answers of every batch that has ended.</source>
        <translation>%1 个批处理(%2 个请求)在服务商处等待,第一个提交于 %3。“获取批处理结果”会查询其状态,并保存每个已结束批处理的回答。</translation>
    </message>
    <message>
        <source>Submitted %1 requests in %2 batches to the provider's batch API (%3 answered before). Fetch Batch Results stores the answers once the batches are done.</source>
        <translation>已向服务商的批处理 API 提交 %1 个请求,分为 %2 个批处理(%3 个此前已回答)。批处理完成后,“获取批处理结果”会保存回答。</translation>
    </message>
    <message>
        <source>Through a batch API: cost ~%1 (at most %2), %3% of the online price</source>
        <translation>通过批处理 API:费用约 %1(最多 %2),为在线价格的 %3%</translation>
    </message>
    <message>
        <source>Cannot add the judge to the plan</source>
        <translation>无法将评审模型加入计划</translation>
    </message>
    <message>
        <source>Judges in the plan: %1.</source>
        <translation>计划中的评审模型：%1。</translation>
    </message>
    <message>
        <source>Estimating the plan…</source>
        <translation>正在估算计划…</translation>
    </message>
    <message>
        <source>Starting the plan&apos;s %1 judges…</source>
        <translation>正在启动计划中的 %1 个评审模型…</translation>
    </message>
    <message>
        <source>%1: %2 of %3 calls done, %4 failed</source>
        <translation>%1：%3 个调用中已完成 %2 个，失败 %4 个</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: failed: %2</source>
        <translation>%1：失败：%2</translation>
    </message>
    <message>
        <source>%1: %2 requests submitted in %3 batches (%4 answered before)</source>
        <translation>%1：已在 %3 个批处理中提交 %2 个请求（%4 个此前已回答）</translation>
    </message>
    <message>
        <source>%1: %2 of %3 calls done (%4 cached), %5 failed%6</source>
        <translation>%1：%3 个调用中已完成 %2 个（%4 个来自缓存），失败 %5 个%6</translation>
    </message>
    <message>
        <source>, cancelled</source>
        <translation>，已取消</translation>
    </message>
    <message>
        <source>Plan cancelled: running it again sends only what is missing.</source>
        <translation>计划已取消：再次运行只发送缺少的部分。</translation>
    </message>
    <message>
        <source>Plan ended: %1 of %2 judges failed; the others ran to their end.</source>
        <translation>计划结束：%2 个评审模型中有 %1 个失败；其余的已运行完毕。</translation>
    </message>
    <message>
        <source>Plan submitted: Fetch Batch Results stores the batches&apos; answers once they are done.</source>
        <translation>计划已提交：批处理完成后，“获取批处理结果”会保存其回答。</translation>
    </message>
    <message>
        <source>Plan finished, with failed calls (running it again retries them).</source>
        <translation>计划已完成，但有失败的调用（再次运行会重试它们）。</translation>
    </message>
    <message>
        <source>Plan finished.</source>
        <translation>计划已完成。</translation>
    </message>
    <message>
        <source>The plan did not start: %1</source>
        <translation>计划未能启动：%1</translation>
    </message>
    <message>
        <source>%1: %2 calls to send (%3 already answered), cost ~%4, through a batch API ~%5</source>
        <translation>%1：待发送 %2 个调用（%3 个已回答），费用约 %4，通过批处理 API 约 %5</translation>
    </message>
    <message>
        <source>All %1 judges: %2 calls to send (%3 already answered), cost ~%4 (at most %5); through a batch API ~%6 (at most %7)</source>
        <translation>全部 %1 个评审模型：待发送 %2 个调用（%3 个已回答），费用约 %4（最多 %5）；通过批处理 API 约 %6（最多 %7）</translation>
    </message>
    <message>
        <source>Batches polled on their own at %1:</source>
        <translation>已于 %1 自动查询批处理：</translation>
    </message>
    <message>
        <source>While the study is open they are asked about every %1 minutes on their own.</source>
        <translation>研究打开期间，约每 %1 分钟自动查询一次。</translation>
    </message>
</context>
<context>
    <name>concord::ui::LikertRow</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>Keys %1–%2 choose, Delete clears, Up/Down move between rows</source>
        <translation>按 %1–%2 选择，Delete 清除，上/下在行间移动</translation>
    </message>
    <message>
        <source>not rated</source>
        <translation>未评分</translation>
    </message>
</context>
<context>
    <name>LastStudy</name>
    <message>
        <source>The team study %1 did not open without asking: %2</source>
        <translation>团队研究 %1 无法在不询问的情况下打开：%2</translation>
    </message>
    <message>
        <source>The last study, %1, did not open (%2): the demo study is open instead.</source>
        <translation>上次打开的研究 %1 无法打开（%2）：已改为打开演示研究。</translation>
    </message>
    <message>
        <source>cannot create the demo study: %1</source>
        <translation>无法创建演示研究：%1</translation>
    </message>
</context>
<context>
    <name>concord::ui::MainWindow</name>
    <message>
        <source>Cancel Import</source>
        <translation>取消导入</translation>
    </message>
    <message>
        <source>Check &amp;Study…</source>
        <translation>检查研究(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <source>Check failed</source>
        <translation>检查失败</translation>
    </message>
    <message>
        <source>Checking %1…</source>
        <translation>正在检查 %1…</translation>
    </message>
    <message>
        <source>No problem found in the team study %1: its format, the server's data rules and every stored judgement were checked.</source>
        <translation>在团队研究 %1 中未发现问题：已检查其格式、服务器的数据规则和每条已保存的评判。</translation>
    </message>
    <message>
        <source>No damage found in %1: SQLite's integrity and foreign key checks, the schema check and the data rules passed.</source>
        <translation>在 %1 中未发现损坏：SQLite 的完整性检查、外键检查、结构检查和数据规则检查均已通过。</translation>
    </message>
    <message>
        <source>%1 is damaged. What the check found:</source>
        <translation>%1 已损坏。检查发现：</translation>
    </message>
    <message>
        <source>Check Study</source>
        <translation>检查研究</translation>
    </message>
    <message>
        <source>Concord studies (*.concord);;All files (*)</source>
        <translation>Concord 研究 (*.concord);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;Annotate</source>
        <translation>标注(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;New Study…</source>
        <translation>新建研究(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Import &amp;SummEval JSONL…</source>
        <translation>导入 SummEval JSONL(&amp;S)…</translation>
    </message>
    <message>
        <source>Import &amp;Table (JSONL/CSV/TSV)…</source>
        <translation>导入表格 (JSONL/CSV/TSV)(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;About Concord</source>
        <translation>关于 Concord(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Document</source>
        <translation>文档(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Cannot read the study</source>
        <translation>无法读取研究</translation>
    </message>
    <message>
        <source>%1 — Concord</source>
        <translation>%1 — Concord</translation>
    </message>
    <message>
        <source>Concord</source>
        <translation>Concord</translation>
    </message>
    <message>
        <source>No study open</source>
        <translation>未打开研究</translation>
    </message>
    <message>
        <source>Counts unavailable: %1</source>
        <translation>无法获取计数：%1</translation>
    </message>
    <message>
        <source>Documents: %1</source>
        <translation>文档：%1</translation>
    </message>
    <message>
        <source>Systems: %1</source>
        <translation>系统：%1</translation>
    </message>
    <message>
        <source>Candidates: %1</source>
        <translation>摘要：%1</translation>
    </message>
    <message>
        <source>Raters: %1</source>
        <translation>评分者：%1</translation>
    </message>
    <message>
        <source>Judgements: %1</source>
        <translation>评判：%1</translation>
    </message>
    <message>
        <source>New Study</source>
        <translation>新建研究</translation>
    </message>
    <message>
        <source>Cannot create the study</source>
        <translation>无法创建研究</translation>
    </message>
    <message>
        <source>Open Study</source>
        <translation>打开研究</translation>
    </message>
    <message>
        <source>Cannot open the study</source>
        <translation>无法打开研究</translation>
    </message>
    <message>
        <source>Import SummEval JSONL</source>
        <translation>导入 SummEval JSONL</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl *.json);;All files (*)</source>
        <translation>JSON Lines (*.jsonl *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>CSV, long format (*.csv)</source>
        <translation>CSV，长格式 (*.csv)</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <source>Export Judgements</source>
        <translation>导出评判</translation>
    </message>
    <message>
        <source>About Concord</source>
        <translation>关于 Concord</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Concord %1&lt;/h3&gt;&lt;p&gt;People and LLM judges evaluate the same machine-written summaries; Concord shows, charts and exports how far they agree.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Concord %1&lt;/h3&gt;&lt;p&gt;人类与 LLM 评审模型对同一批机器生成的摘要进行评估；Concord 展示、绘制并导出它们的一致程度。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No recent studies</source>
        <translation>没有最近打开的研究</translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation>清空菜单(&amp;C)</translation>
    </message>
    <message>
        <source>Import failed</source>
        <translation>导入失败</translation>
    </message>
    <message>
        <source>Open or create a study first.</source>
        <translation>请先打开或创建一个研究。</translation>
    </message>
    <message>
        <source>Another import or export is still running.</source>
        <translation>另一个导入或导出仍在进行中。</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <source>Importing %1 files…</source>
        <translation>正在导入 %1 个文件…</translation>
    </message>
    <message>
        <source>Import done. Added documents: %1, candidates: %2, ratings: %3.</source>
        <translation>导入完成。新增文档：%1，摘要：%2，评分：%3。</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Open a study first.</source>
        <translation>请先打开一个研究。</translation>
    </message>
    <message>
        <source>Exporting to %1…</source>
        <translation>正在导出到 %1…</translation>
    </message>
    <message>
        <source>Export done: %1 (rows: %2).</source>
        <translation>导出完成：%1（行数：%2）。</translation>
    </message>
    <message>
        <source>Concord will close when the running job has finished…</source>
        <translation>当前任务完成后 Concord 将关闭…</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>SummEval-style: coherence, consistency, fluency, relevance (1–5)</source>
        <translation>SummEval 式：连贯性、一致性、流畅性、相关性（1–5）</translation>
    </message>
    <message>
        <source>InstruSum-style: rankings with ties, error spans, explanation</source>
        <translation>InstruSum 式：允许并列的排序、错误片段、解释</translation>
    </message>
    <message>
        <source>Empty: the dimensions come with the data</source>
        <translation>空白：维度随数据导入</translation>
    </message>
    <message>
        <source>What the study asks:</source>
        <translation>研究的标注内容：</translation>
    </message>
    <message>
        <source>Writing the package for %1…</source>
        <translation>正在为 %1 写入数据包…</translation>
    </message>
    <message>
        <source>Annotator package written: %1</source>
        <translation>标注员数据包已写入：%1</translation>
    </message>
    <message>
        <source>Merge Summary</source>
        <translation>合并结果</translation>
    </message>
    <message>
        <source>From %1:</source>
        <translation>来自 %1：</translation>
    </message>
    <message>
        <source>Merge failed</source>
        <translation>合并失败</translation>
    </message>
    <message>
        <source>Merging annotations from %1…</source>
        <translation>正在合并来自 %1 的标注…</translation>
    </message>
    <message>
        <source>&amp;Judges</source>
        <translation>评审模型(&amp;J)</translation>
    </message>
    <message>
        <source>A&amp;greement</source>
        <translation>一致性(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Disagreements</source>
        <translation>分歧(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Judgements (CSV, JSONL)…</source>
        <translation>评判 (CSV, JSONL)(&amp;J)…</translation>
    </message>
    <message>
        <source>Statistics &amp;Table (CSV, Markdown, LaTeX)…</source>
        <translation>统计表 (CSV, Markdown, LaTeX)(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Chart (PNG, SVG, PDF)…</source>
        <translation>图表 (PNG, SVG, PDF)(&amp;C)…</translation>
    </message>
    <message>
        <source>Study &amp;Bundle…</source>
        <translation>研究包(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Export Statistics Table</source>
        <translation>导出统计表</translation>
    </message>
    <message>
        <source>Exporting statistics to %1…</source>
        <translation>正在将统计数据导出到 %1…</translation>
    </message>
    <message>
        <source>Export Study Bundle (a new folder)</source>
        <translation>导出研究包（新文件夹）</translation>
    </message>
    <message>
        <source>Writing the study bundle %1…</source>
        <translation>正在写入研究包 %1…</translation>
    </message>
    <message>
        <source>Study bundle written: %1</source>
        <translation>研究包已写入：%1</translation>
    </message>
    <message>
        <source>Chart exported: %1</source>
        <translation>图表已导出：%1</translation>
    </message>
    <message>
        <source>The current view shows no chart. Open the Agreement view and export from there.</source>
        <translation>当前视图没有图表。请打开“一致性”视图并从那里导出。</translation>
    </message>
    <message>
        <source>Chart %1</source>
        <translation>图表 %1</translation>
    </message>
    <message>
        <source>Export Chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>Chart:</source>
        <translation>图表：</translation>
    </message>
    <message>
        <source>Open Te&amp;am Study…</source>
        <translation>打开团队研究(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Annotate</source>
        <comment>menu</comment>
        <translation>标注(&amp;A)</translation>
    </message>
    <message>
        <source>Annotation &amp;Guidelines</source>
        <translation>标注指南(&amp;G)</translation>
    </message>
    <message>
        <source>Cannot annotate</source>
        <translation>无法标注</translation>
    </message>
    <message>
        <source>Your login %1 has no rater in this team study: ask its lead to add you (concord-cli team add).</source>
        <translation>您的登录 %1 在此团队研究中没有评分者：请研究负责人添加您（concord-cli team add）。</translation>
    </message>
    <message>
        <source>An annotator exports no judgements: the team study&apos;s lead exports everyone&apos;s.</source>
        <translation>标注员不导出评判：由团队研究的研究负责人导出所有人的评判。</translation>
    </message>
    <message>
        <source>An annotator works blind: which system wrote a summary is for the team study&apos;s lead to see.</source>
        <translation>标注员以盲评方式工作：哪个系统撰写了摘要只有团队研究的研究负责人可以查看。</translation>
    </message>
    <message>
        <source>An annotator imports nothing: the team study&apos;s lead adds its documents and judgements.</source>
        <translation>标注员不导入任何内容：团队研究的文档和评判由研究负责人添加。</translation>
    </message>
    <message>
        <source>An annotator makes no statistics: they need which system wrote each summary, which the team study keeps from annotators.</source>
        <translation>标注员不生成统计：统计需要知道每篇摘要由哪个系统撰写，而团队研究不向标注员公开这一点。</translation>
    </message>
    <message>
        <source>An annotator exports no study bundle: it holds everyone&apos;s judgements and the systems&apos; names, which the team study keeps for its lead.</source>
        <translation>标注员不导出研究包：其中含有所有人的评判和系统名称，团队研究只向其负责人提供。</translation>
    </message>
    <message>
        <source>An annotator writes no annotator packages: the team study&apos;s lead hands them out.</source>
        <translation>标注员不生成标注员数据包：由团队研究的负责人分发。</translation>
    </message>
    <message>
        <source>An annotator merges no packages: the team study&apos;s lead merges them into the study.</source>
        <translation>标注员不合并数据包：由团队研究的负责人将其合并到研究中。</translation>
    </message>
    <message>
        <source>Assi&amp;gn Documents…</source>
        <translation>分配文档(&amp;G)…</translation>
    </message>
    <message>
        <source>An annotator assigns no documents: the team study&apos;s lead decides who annotates what.</source>
        <translation>标注员不能分配文档：由团队研究的研究负责人决定谁标注什么。</translation>
    </message>
    <message>
        <source>&amp;Team</source>
        <translation>团队(&amp;T)</translation>
    </message>
    <message>
        <source>Re&amp;view</source>
        <translation>审核(&amp;V)</translation>
    </message>
</context>
<context>
    <name>concord::ui::RankTierBoard</name>
    <message>
        <source>Drag a summary into a tier; summaries in one tier tie</source>
        <translation>将摘要拖入某一档；同一档的摘要并列</translation>
    </message>
    <message>
        <source>Unranked</source>
        <translation>未排序</translation>
    </message>
</context>
<context>
    <name>concord::ui::RankingModel</name>
    <message>
        <source>entered as competition ranks</source>
        <translation>以竞争排名输入</translation>
    </message>
    <message>
        <source>entered as dense ranks</source>
        <translation>以密集排名输入</translation>
    </message>
    <message>
        <source>competition and dense forms agree</source>
        <translation>竞争排名与密集排名一致</translation>
    </message>
    <message>
        <source>Not ranked yet</source>
        <translation>尚未排序</translation>
    </message>
    <message>
        <source>Impossible ranking: %1</source>
        <translation>排序无效：%1</translation>
    </message>
    <message>
        <source>Incomplete: %1 of %2 ranked</source>
        <translation>未完成：已排 %1 / %2</translation>
    </message>
    <message>
        <source>Complete (%1): %2</source>
        <translation>已完成（%1）：%2</translation>
    </message>
    <message>
        <source>A rank is between 1 and %1.</source>
        <translation>名次须在 1 到 %1 之间。</translation>
    </message>
    <message>
        <source>Type 1–%1 (1 is best; equal summaries share a rank); Delete clears</source>
        <translation>输入 1–%1（1 为最好；同样好的摘要名次相同）；Delete 清除</translation>
    </message>
    <message>
        <source>The rank in competition form: 1 + the number of summaries ranked better</source>
        <translation>竞争排名形式的名次：1 + 排在其前面的摘要数</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>名次</translation>
    </message>
    <message>
        <source>Normalised</source>
        <translation>规范化</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a rank</source>
        <translation>“%1”不是有效名次</translation>
    </message>
</context>
<context>
    <name>concord::ui::RankingPanel</name>
    <message>
        <source>Rank: %1</source>
        <translation>排序：%1</translation>
    </message>
    <message>
        <source>1 is best; equal summaries share a rank (&quot;1, 2, 2, 4&quot; or &quot;1, 2, 2, 3&quot;).</source>
        <translation>1 为最好；同样好的摘要名次相同（“1, 2, 2, 4”或“1, 2, 2, 3”）。</translation>
    </message>
    <message>
        <source>Type a rank (1–9) on a row; Delete clears it; drag in the tiers below works too</source>
        <translation>在行上输入名次（1–9）；Delete 清除；也可以拖入下方的档位</translation>
    </message>
    <message>
        <source>Explain this ranking:</source>
        <translation>请解释此排序：</translation>
    </message>
</context>
<context>
    <name>concord::ui::StatisticsExport</name>
    <message>
        <source>CSV (*.csv);;Markdown (*.md);;LaTeX (*.tex)</source>
        <translation>CSV (*.csv);;Markdown (*.md);;LaTeX (*.tex)</translation>
    </message>
</context>
<context>
    <name>concord::ui::StatisticsExportDialog</name>
    <message>
        <source>Export Statistics Table</source>
        <translation>导出统计表</translation>
    </message>
    <message>
        <source>Correlation with a human group (dataset, system, summary, per-system, meta)</source>
        <translation>与人类组的相关性（数据集、系统、摘要、按系统、元相关）</translation>
    </message>
    <message>
        <source>Agreement: Krippendorff&apos;s alpha per dimension</source>
        <translation>一致性：各维度的 Krippendorff alpha</translation>
    </message>
    <message>
        <source>&amp;Table:</source>
        <translation>表格(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Rater:</source>
        <translation>评分者(&amp;R)：</translation>
    </message>
    <message>
        <source>Human &amp;group:</source>
        <translation>人类组(&amp;G)：</translation>
    </message>
    <message>
        <source>(humans only)</source>
        <translation>（仅人类）</translation>
    </message>
    <message>
        <source>Pairwise: head-to-head success, LLMCompare and position bias per judge and dimension</source>
        <translation>成对比较：各评审模型和维度的 H2H 成功率、LLMCompare 与位置偏差</translation>
    </message>
    <message>
        <source>Estimates: each system&apos;s human mean from a share of the labels (the Estimates tab&apos;s settings)</source>
        <translation>估计：由部分标签得出的各系统人类均值（“估计”选项卡的设置）</translation>
    </message>
    <message>
        <source>agree-or-tie: a win needs both orders</source>
        <translation>agree-or-tie：两种顺序一致才算胜</translation>
    </message>
    <message>
        <source>points: each order counts half a document</source>
        <translation>points：每种顺序各计半个文档</translation>
    </message>
    <message>
        <source>&amp;Head-to-head rule:</source>
        <translation>H2H 规则(&amp;H)：</translation>
    </message>
    <message>
        <source>(every judge)</source>
        <translation>（所有评审模型）</translation>
    </message>
</context>
<context>
    <name>concord::ui::StatsTableModel</name>
    <message>
        <source>undefined</source>
        <translation>未定义</translation>
    </message>
</context>
<context>
    <name>concord::ui::TableImportDialog</name>
    <message>
        <source>Import Table</source>
        <translation>导入表格</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>JSON Lines</source>
        <translation>JSON Lines</translation>
    </message>
    <message>
        <source>CSV (comma-separated)</source>
        <translation>CSV（逗号分隔）</translation>
    </message>
    <message>
        <source>TSV (tab-separated)</source>
        <translation>TSV（制表符分隔）</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>文件(&amp;F)：</translation>
    </message>
    <message>
        <source>F&amp;ormat:</source>
        <translation>格式(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>导入(&amp;I)</translation>
    </message>
    <message>
        <source>Tables (*.jsonl *.json *.csv *.tsv *.txt);;All files (*)</source>
        <translation>表格 (*.jsonl *.json *.csv *.tsv *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Choose a file to import.</source>
        <translation>请选择要导入的文件。</translation>
    </message>
    <message>
        <source>&amp;Document id:</source>
        <translation>文档 ID(&amp;D)：</translation>
    </message>
    <message>
        <source>Ar&amp;ticle:</source>
        <translation>文章(&amp;T)：</translation>
    </message>
    <message>
        <source>Re&amp;quirement:</source>
        <translation>要求(&amp;Q)：</translation>
    </message>
    <message>
        <source>S&amp;ystem:</source>
        <translation>系统(&amp;Y)：</translation>
    </message>
    <message>
        <source>S&amp;ummary:</source>
        <translation>摘要(&amp;U)：</translation>
    </message>
    <message>
        <source>&amp;Rater:</source>
        <translation>评分者(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Group:</source>
        <translation>组(&amp;G)：</translation>
    </message>
    <message>
        <source>Di&amp;mension:</source>
        <translation>维度(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Value:</source>
        <translation>值(&amp;V)：</translation>
    </message>
    <message>
        <source>Each checked column holds ratings on the dimension of its name (score.NAME).</source>
        <translation>每个勾选的列包含对同名维度的评分（score.NAME）。</translation>
    </message>
    <message>
        <source>Rating columns (&amp;wide format):</source>
        <translation>评分列（宽格式）(&amp;W)：</translation>
    </message>
    <message>
        <source>This file is a Concord export: it is read by its own columns, every kind of row, so the column mapping does not apply.</source>
        <translation>此文件是 Concord 导出文件：按其自身的列读取各类行，因此列映射不适用。</translation>
    </message>
    <message>
        <source>&amp;Preview (the first rows as they will be imported):</source>
        <translation>预览（将按此导入的前几行）(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Errors:</source>
        <translation>错误(&amp;E)：</translation>
    </message>
    <message>
        <source>(not in file)</source>
        <translation>（不在文件中）</translation>
    </message>
    <message>
        <source>Checking the whole file against the study…</source>
        <translation>正在对照研究检查整个文件…</translation>
    </message>
    <message>
        <source>No errors in the whole file (rows checked: %1). Nothing is written until you click Import.</source>
        <translation>整个文件没有错误（已检查行数：%1）。点击“导入”之前不会写入任何内容。</translation>
    </message>
    <message>
        <source>Fix the errors above (or choose other columns) to import.</source>
        <translation>请先修正上面的错误（或选择其他列）再导入。</translation>
    </message>
    <message>
        <source> (choose its column in the box &quot;%1&quot;)</source>
        <translation>（请在“%1”框中选择其列）</translation>
    </message>
    <message>
        <source>%1: </source>
        <translation>%1：</translation>
    </message>
    <message>
        <source>Rater's &amp;name (no rater column):</source>
        <translation>评分者名称（无评分者列）(&amp;N)：</translation>
    </message>
    <message>
        <source> (type a name in the box &quot;%1&quot;)</source>
        <translation>（请在“%1”框中输入名称）</translation>
    </message>
    <message>
        <source>Who gave every rating of a file without a rater column: a person, added to the study unless it has a rater of this name.</source>
        <translation>没有评分者列的文件中每条评分的给出者：一个人；研究中若尚无同名评分者，则将其加入研究。</translation>
    </message>
    <message>
        <source>e.g. expert or crowd</source>
        <translation>例如 expert 或 crowd</translation>
    </message>
    <message>
        <source>The group of that rater: one of the study's groups, or a new one.</source>
        <translation>该评分者的组：研究中已有的组，或一个新组。</translation>
    </message>
    <message>
        <source>R&amp;ater's group:</source>
        <translation>评分者的组(&amp;A)：</translation>
    </message>
</context>
<context>
    <name>concord::ui::TablePreviewModel</name>
    <message>
        <source>Line %1 of the file</source>
        <translation>文件第 %1 行</translation>
    </message>
</context>
<context>
    <name>concord::ui::TeamStatusIndicator</name>
    <message>
        <source>Team study server</source>
        <translation>团队研究服务器</translation>
    </message>
    <message>
        <source>Connected to %1: the edits made while the connection was lost are being sent.</source>
        <translation>已连接到 %1：正在发送连接中断期间所做的修改。</translation>
    </message>
    <message>
        <source>Connected to %1: every edit is saved on the server.</source>
        <translation>已连接到 %1：每项修改都保存在服务器上。</translation>
    </message>
    <message>
        <source>Connected to %1 read only: this study cannot be changed from here.</source>
        <translation>以只读方式连接到 %1：无法从此处修改该研究。</translation>
    </message>
    <message>
        <source>Server connected</source>
        <translation>服务器已连接</translation>
    </message>
    <message>
        <source>Offline</source>
        <translation>离线</translation>
    </message>
    <message>
        <source>The connection to %1 was lost; Concord keeps trying. Your edits are kept on this computer and sent when the server is back.</source>
        <translation>与 %1 的连接已断开；Concord 会持续重试。您的修改保存在本机上，服务器恢复后即发送。</translation>
    </message>
    <message>
        <source>Server read only</source>
        <translation>服务器只读</translation>
    </message>
    <message>
        <source>Unsent: %1</source>
        <translation>未发送：%1</translation>
    </message>
    <message>
        <source>Sending failed: %1. Concord tries again in %2 s, and waits longer after each failure.</source>
        <translation>发送失败：%1。Concord 将在 %2 秒后重试，每次失败后等待更久。</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>被拒绝：%1</translation>
    </message>
    <message>
        <source>The server refused edits it would not keep; Annotate &gt; Refused Edits… lists them with its reasons, to enter them again or drop them.</source>
        <translation>服务器拒绝了它不会保存的修改；“标注 &gt; 被拒绝的修改…”列出它们及原因，可重新输入或丢弃。</translation>
    </message>
</context>
<context>
    <name>concord::ui::TeamStudyDialog</name>
    <message>
        <source>connected as %1, but the database %2 holds no Concord study; a study lead publishes one with concord-cli publish</source>
        <translation>已以 %1 身份连接，但数据库 %2 中没有 Concord 研究；研究负责人可使用 concord-cli publish 发布研究</translation>
    </message>
    <message>
        <source>connected as %1, but the study in %2 has schema version %3, and this Concord reads version %4</source>
        <translation>已以 %1 身份连接，但 %2 中研究的架构版本为 %3，而此版本的 Concord 读取版本 %4</translation>
    </message>
    <message>
        <source>Connected as %1 (study lead) to the team study %2.</source>
        <translation>已以 %1（研究负责人）身份连接到团队研究 %2。</translation>
    </message>
    <message>
        <source>Connected as %1 (annotator) to the team study %2.</source>
        <translation>已以 %1（标注员）身份连接到团队研究 %2。</translation>
    </message>
    <message>
        <source>Connected as %1 to the team study %2.</source>
        <translation>已以 %1 身份连接到团队研究 %2。</translation>
    </message>
    <message>
        <source>Open Team Study</source>
        <translation>打开团队研究</translation>
    </message>
    <message>
        <source>A team study lives on a PostgreSQL server. Enter its connection string. Your password comes from ~/.pgpass, PGPASSWORD, a service file or a client certificate; Concord never stores one.</source>
        <translation>团队研究存放在 PostgreSQL 服务器上。请输入其连接字符串。您的密码来自 ~/.pgpass、PGPASSWORD、服务文件或客户端证书；Concord 从不保存密码。</translation>
    </message>
    <message>
        <source>&amp;Connection:</source>
        <translation>连接(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Test Connection</source>
        <translation>测试连接(&amp;T)</translation>
    </message>
    <message>
        <source>Enter a URI (postgresql://user@host/database) or keywords (host=… dbname=…).</source>
        <translation>请输入 URI（postgresql://用户@主机/数据库）或关键字（host=… dbname=…）。</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接到 %1…</translation>
    </message>
</context>
<context>
    <name>concord::ui::TemplateEditor</name>
    <message>
        <source>D&amp;uplicate to Edit</source>
        <translation>复制后编辑(&amp;U)</translation>
    </message>
    <message>
        <source>Use &amp;Shipped Template</source>
        <translation>使用内置模板(&amp;S)</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Version:</source>
        <translation>版本：</translation>
    </message>
    <message>
        <source>Preview with the current item:</source>
        <translation>使用当前条目预览：</translation>
    </message>
    <message>
        <source>%1 (custom)</source>
        <translation>%1（自定义）</translation>
    </message>
    <message>
        <source>Edited copy: the next run of %1 uses it, and the study keeps it.</source>
        <translation>已编辑的副本：%1 的下一次运行将使用它，并保存在研究中。</translation>
    </message>
    <message>
        <source>Shipped template of %1 (read only: duplicate it to edit).</source>
        <translation>%1 的内置模板（只读：复制后才能编辑）。</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>(no preview: the template does not parse)</source>
        <translation>（无预览：模板无法解析）</translation>
    </message>
    <message>
        <source>Placeholders: %1</source>
        <translation>占位符：%1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>The template parses. Open a study with documents to see a preview.</source>
        <translation>模板可以解析。打开一个含文档的研究即可预览。</translation>
    </message>
    <message>
        <source>(no item to preview)</source>
        <translation>（没有可预览的条目）</translation>
    </message>
    <message>
        <source>Error with %1: %2</source>
        <translation>%1 出错：%2</translation>
    </message>
    <message>
        <source>(no preview: %1)</source>
        <translation>（无预览：%1）</translation>
    </message>
    <message>
        <source>The template parses and fills for %1.</source>
        <translation>模板可以解析，并能为 %1 填充。</translation>
    </message>
</context>
<context>
    <name>concord::ui::UnitChecklistModel</name>
    <message>
        <source>not answered</source>
        <translation>未回答</translation>
    </message>
    <message>
        <source>present</source>
        <translation>包含</translation>
    </message>
    <message>
        <source>absent</source>
        <translation>缺少</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Not answered yet: Y or 1 marks it present, N or 0 absent</source>
        <translation>尚未回答：Y 或 1 标为包含，N 或 0 标为缺少</translation>
    </message>
    <message>
        <source>Present: the summary contains this unit</source>
        <translation>包含：摘要含有此单元</translation>
    </message>
    <message>
        <source>Absent: the summary does not contain this unit</source>
        <translation>缺少：摘要不含此单元</translation>
    </message>
</context>
<context>
    <name>concord::ui::UserGuide</name>
    <message>
        <source>&amp;User Guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <source>Concord User Guide</source>
        <translation>Concord 用户指南</translation>
    </message>
</context>
<context>
    <name>language</name>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The language changes when Concord starts again.</source>
        <translation>语言将在 Concord 下次启动时更改。</translation>
    </message>
    <message>
        <source>&amp;System Language</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Unexpected error</source>
        <translation>意外错误</translation>
    </message>
    <message>
        <source>Concord: people and LLM judges evaluate summaries, and see how far they agree.
Without STUDY, Concord opens the study opened last (the first of File &gt; Open Recent), or its demo study.</source>
        <translation>Concord：人类与 LLM 评审模型评估摘要，并查看彼此的一致程度。
未指定 STUDY 时，Concord 打开上次打开的研究（文件 &gt; 最近打开 中的第一项），否则打开其演示研究。</translation>
    </message>
    <message>
        <source>Render the main window into the PNG file FILE and exit.</source>
        <translation>将主窗口渲染到 PNG 文件 FILE 后退出。</translation>
    </message>
    <message>
        <source>Show the view NAME (with --screenshot: the view to render).</source>
        <translation>显示视图 NAME（与 --screenshot 一起使用时：要渲染的视图）。</translation>
    </message>
    <message>
        <source>The study file (*.concord) to open.</source>
        <translation>要打开的研究文件 (*.concord)。</translation>
    </message>
    <message>
        <source>give at most one study file (see --help)</source>
        <translation>最多只能指定一个研究文件（参见 --help）</translation>
    </message>
    <message>
        <source>unknown view &apos;%1&apos;; known views: %2</source>
        <translation>未知视图“%1”；已知视图：%2</translation>
    </message>
    <message>
        <source>cannot create the demo study: %1</source>
        <translation>无法创建演示研究：%1</translation>
    </message>
    <message>
        <source>Cannot open the study</source>
        <translation>无法打开研究</translation>
    </message>
    <message>
        <source>Annotate as NAME (default: the last annotator).</source>
        <translation>以 NAME 的身份标注（默认：上一次的标注员）。</translation>
    </message>
    <message>
        <source>Use the colour scheme NAME: system, light or dark (default: the one chosen in View &gt; Colour Scheme).</source>
        <translation>使用配色方案 NAME：system、light 或 dark（默认：“视图 &gt; 配色方案”中选择的方案）。</translation>
    </message>
    <message>
        <source>unknown colour scheme &apos;%1&apos;; known: system, light, dark</source>
        <translation>未知的配色方案“%1”；可用：system、light、dark</translation>
    </message>
</context>
<context>
    <name>concord::ui::RefusedEditsDialog</name>
    <message>
        <source>Refused Edits</source>
        <translation>被拒绝的修改</translation>
    </message>
    <message>
        <source>The server refused these edits: they break a rule the study keeps (its reason says which). Enter them again once the study&apos;s lead has mended what they were refused for, or drop them.</source>
        <translation>服务器拒绝了这些修改：它们违反了研究的某条规则（原因中有说明）。待研究负责人修正被拒绝的原因后可重新输入，或将其丢弃。</translation>
    </message>
    <message>
        <source>&amp;Enter Again</source>
        <translation>重新输入(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Drop</source>
        <translation>丢弃(&amp;D)</translation>
    </message>
</context>
<context>
    <name>concord::ui::RefusedEditsModel</name>
    <message>
        <source>Rating %1</source>
        <translation>评分 %1</translation>
    </message>
    <message>
        <source>Rating cleared</source>
        <translation>评分已清除</translation>
    </message>
    <message>
        <source>Ranking removed</source>
        <translation>排序已移除</translation>
    </message>
    <message>
        <source>Ranking</source>
        <translation>排序</translation>
    </message>
    <message>
        <source>Error span “%1”</source>
        <translation>错误片段“%1”</translation>
    </message>
    <message>
        <source>Error span “%1” removed</source>
        <translation>错误片段“%1”已移除</translation>
    </message>
    <message>
        <source>Note on error span “%1”</source>
        <translation>错误片段“%1”的备注</translation>
    </message>
    <message>
        <source>Explanation removed</source>
        <translation>解释已移除</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>解释</translation>
    </message>
    <message>
        <source>Unit %1 present</source>
        <translation>内容单元 %1 包含</translation>
    </message>
    <message>
        <source>Unit %1 absent</source>
        <translation>内容单元 %1 缺少</translation>
    </message>
    <message>
        <source>Unit %1 not answered</source>
        <translation>内容单元 %1 未回答</translation>
    </message>
    <message>
        <source>Order of the summaries</source>
        <translation>摘要的顺序</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>修改</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>Why the server refused it</source>
        <translation>服务器拒绝的原因</translation>
    </message>
</context>
<context>
    <name>concord::ui::StudySession</name>
    <message>
        <source>The server refused an edit: %1. Annotate &gt; Refused Edits… shows it, to enter it again or drop it.</source>
        <translation>服务器拒绝了一项修改：%1。“标注 &gt; 被拒绝的修改…”会列出它，可重新输入或丢弃。</translation>
    </message>
    <message>
        <source>The server refused %1 edits; the first: %2. Annotate &gt; Refused Edits… shows them, to enter them again or drop them.</source>
        <translation>服务器拒绝了 %1 项修改；第一项：%2。“标注 &gt; 被拒绝的修改…”会列出它们，可重新输入或丢弃。</translation>
    </message>
</context>
<context>
    <name>concord::ui::TeamProgressModel</name>
    <message>
        <source>Group: %1</source>
        <translation>组：%1</translation>
    </message>
    <message>
        <source>Annotator</source>
        <translation>标注员</translation>
    </message>
    <message>
        <source>Assigned</source>
        <translation>已分配</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <source>Accepted</source>
        <translation>已接受</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>Alpha without</source>
        <translation>排除后的 Alpha</translation>
    </message>
    <message>
        <source>r with others</source>
        <translation>与他人的 r</translation>
    </message>
    <message>
        <source>Competence</source>
        <translation>能力</translation>
    </message>
    <message>
        <source>Time per document</source>
        <translation>每篇文档用时</translation>
    </message>
    <message>
        <source>The median over the documents whose time is known (%1); %2 of work in all</source>
        <translation>时间已知文档（%1 篇）的中位数；共计工作 %2</translation>
    </message>
    <message>
        <source>No edit of theirs was made in the Annotate view</source>
        <translation>此人没有在标注视图中做过任何修改</translation>
    </message>
</context>
<context>
    <name>concord::ui::TeamView</name>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>Compute the team&apos;s progress again (F5)</source>
        <translation>重新计算团队的进度 (F5)</translation>
    </message>
    <message>
        <source>&amp;Group:</source>
        <translation>组(&amp;G)：</translation>
    </message>
    <message>
        <source>&amp;Dimension:</source>
        <translation>维度(&amp;D)：</translation>
    </message>
    <message>
        <source>The human group whose agreement columns are shown</source>
        <translation>显示其一致性列的人类组</translation>
    </message>
    <message>
        <source>The Likert dimension the agreement columns are computed on</source>
        <translation>计算一致性列所依据的 Likert 维度</translation>
    </message>
    <message>
        <source>Assigned documents done</source>
        <translation>已完成的分配文档</translation>
    </message>
    <message>
        <source>Open a study to see its team&apos;s progress.</source>
        <translation>打开一个研究以查看其团队的进度。</translation>
    </message>
    <message>
        <source>The Team view is the study lead&apos;s: a blind session of a team study (an annotator&apos;s or a reviewer&apos;s) does not show it.</source>
        <translation>团队视图属于研究负责人：团队研究的盲评会话（标注员或审核者的会话）不显示它。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>Cannot compute: %1</source>
        <translation>无法计算：%1</translation>
    </message>
    <message>
        <source>%1 annotators, %2 documents</source>
        <translation>%1 名标注员，%2 个文档</translation>
    </message>
    <message>
        <source>; agreement not computed: %1</source>
        <translation>；未计算一致性：%1</translation>
    </message>
    <message>
        <source>; the group&apos;s alpha %1</source>
        <translation>；该组的 Alpha 为 %1</translation>
    </message>
    <message>
        <source>Done (%)</source>
        <translation>已完成 (%)</translation>
    </message>
    <message>
        <source>Documents finished per hour</source>
        <translation>每小时完成的文档</translation>
    </message>
    <message>
        <source>Each person&apos;s documents counted in the hour of their last edit, from the times of the edits made in the Annotate view</source>
        <translation>每人的文档按其最后一次修改所在的小时计数，依据在标注视图中所做修改的时间</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>文档</translation>
    </message>
</context>
<context>
    <name>concord::ui::AdjudicateDialog</name>
    <message>
        <source>&amp;Take the labels of</source>
        <translation>采用以下标注员的标签(&amp;T)</translation>
    </message>
    <message>
        <source>T&amp;ype the labels</source>
        <translation>输入标签(&amp;Y)</translation>
    </message>
    <message>
        <source>Adjudicate</source>
        <translation>裁定</translation>
    </message>
    <message>
        <source>This login does not see which system wrote a summary: take an annotator&apos;s labels.</source>
        <translation>此登录看不到哪个系统写了哪篇摘要：请采用某位标注员的标签。</translation>
    </message>
    <message>
        <source>The final labels of %1, stored as the rater “adjudicated”.</source>
        <translation>%1 的最终标签，以评分者“adjudicated”保存。</translation>
    </message>
    <message>
        <source>&amp;Dimension:</source>
        <translation>维度(&amp;D)：</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Summary %1</source>
        <translation>摘要 %1</translation>
    </message>
    <message>
        <source>&amp;Comment:</source>
        <translation>评论(&amp;C)：</translation>
    </message>
    <message>
        <source>The study has no Likert dimension to adjudicate.</source>
        <translation>该研究没有可裁定的 Likert 维度。</translation>
    </message>
    <message>
        <source>Nobody has work on this document whose labels could be taken.</source>
        <translation>没有人处理过该文档，没有可采用的标签。</translation>
    </message>
    <message>
        <source>Type a label for at least one summary.</source>
        <translation>请至少为一篇摘要输入标签。</translation>
    </message>
</context>
<context>
    <name>concord::ui::RejectDialog</name>
    <message>
        <source>Reject Work</source>
        <translation>退回工作</translation>
    </message>
    <message>
        <source>What should change (required)</source>
        <translation>需要修改什么（必填）</translation>
    </message>
    <message>
        <source>Back to %1</source>
        <translation>退回给 %1</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>退回</translation>
    </message>
    <message>
        <source>Reject %1&apos;s work on %2.</source>
        <translation>退回 %1 在 %2 上的工作。</translation>
    </message>
    <message>
        <source>&amp;Comment:</source>
        <translation>评论(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Send to:</source>
        <translation>发送给(&amp;S)：</translation>
    </message>
    <message>
        <source>A rejection needs a comment that says what to change.</source>
        <translation>退回需要一条说明需修改内容的评论。</translation>
    </message>
</context>
<context>
    <name>concord::ui::ReviewQueueModel</name>
    <message>
        <source>open</source>
        <translation>待处理</translation>
    </message>
    <message>
        <source>accepted</source>
        <translation>已接受</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>已退回</translation>
    </message>
    <message>
        <source>adjudicated</source>
        <translation>已裁定</translation>
    </message>
    <message>
        <source>Mean over %1 summary and dimension pairs rated by two or more people of the ratings&apos; range divided by the scale&apos;s (0: all agree, 1: the scale&apos;s ends)</source>
        <translation>对由两人或以上评分的 %1 个摘要与维度组合，评分极差除以量表范围后的均值（0：完全一致，1：量表两端）</translation>
    </message>
    <message>
        <source>No summary is rated by two or more people yet</source>
        <translation>尚无摘要由两人或以上评分</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>Annotators</source>
        <translation>标注员</translation>
    </message>
    <message>
        <source>Disagreement</source>
        <translation>分歧</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>concord::ui::ReviewView</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>not decided</source>
        <translation>未决定</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>种子：</translation>
    </message>
    <message>
        <source>Most disputed first</source>
        <translation>分歧最大者优先</translation>
    </message>
    <message>
        <source>Random (seeded)</source>
        <translation>随机（固定种子）</translation>
    </message>
    <message>
        <source>By annotator</source>
        <translation>按标注员</translation>
    </message>
    <message>
        <source>The same seed gives the same order every time</source>
        <translation>相同的种子每次给出相同的顺序</translation>
    </message>
    <message>
        <source>Everyone&apos;s work</source>
        <translation>所有人的工作</translation>
    </message>
    <message>
        <source>All Likert dimensions</source>
        <translation>所有 Likert 维度</translation>
    </message>
    <message>
        <source>Whose work on the document Accept and Reject decide on</source>
        <translation>“接受”和“退回”针对谁在该文档上的工作</translation>
    </message>
    <message>
        <source>&amp;Accept</source>
        <translation>接受(&amp;A)</translation>
    </message>
    <message>
        <source>Accept the chosen annotator&apos;s work on this document</source>
        <translation>接受所选标注员在该文档上的工作</translation>
    </message>
    <message>
        <source>&amp;Reject…</source>
        <translation>退回(&amp;R)…</translation>
    </message>
    <message>
        <source>Reject the chosen annotator&apos;s work with a comment, back to them or to another person</source>
        <translation>附评论退回所选标注员的工作，退给本人或另一人</translation>
    </message>
    <message>
        <source>Ad&amp;judicate…</source>
        <translation>裁定(&amp;J)…</translation>
    </message>
    <message>
        <source>Give the document&apos;s final labels on a dimension: one annotator&apos;s, or typed</source>
        <translation>给出该文档在某一维度上的最终标签：采用某位标注员的，或手动输入</translation>
    </message>
    <message>
        <source>Next Document</source>
        <translation>下一个文档</translation>
    </message>
    <message>
        <source>The next document of the queue</source>
        <translation>队列中的下一个文档</translation>
    </message>
    <message>
        <source>Previous Document</source>
        <translation>上一个文档</translation>
    </message>
    <message>
        <source>The previous document of the queue</source>
        <translation>队列中的上一个文档</translation>
    </message>
    <message>
        <source>Open in Annotate</source>
        <translation>在标注中打开</translation>
    </message>
    <message>
        <source>Show the document in the Annotate view</source>
        <translation>在标注视图中显示该文档</translation>
    </message>
    <message>
        <source>Order:</source>
        <translation>顺序：</translation>
    </message>
    <message>
        <source>Annotator:</source>
        <translation>标注员：</translation>
    </message>
    <message>
        <source>Dimension:</source>
        <translation>维度：</translation>
    </message>
    <message>
        <source>Work of:</source>
        <translation>工作来自：</translation>
    </message>
    <message>
        <source>The study lead and the reviewers review the team&apos;s work; an annotator&apos;s login sees only the decisions on their own work.</source>
        <translation>研究负责人和审核员审核团队的工作；标注员的登录只能看到对其本人工作的决定。</translation>
    </message>
    <message>
        <source>Reading the review queue…</source>
        <translation>正在读取审核队列…</translation>
    </message>
    <message>
        <source>Cannot read the review queue: %1</source>
        <translation>无法读取审核队列：%1</translation>
    </message>
    <message>
        <source>Nothing to review: no open work on any document.</source>
        <translation>无需审核：没有任何文档有待处理的工作。</translation>
    </message>
    <message>
        <source>Documents to review: %1</source>
        <translation>待审核文档：%1</translation>
    </message>
    <message>
        <source>Reading the ratings…</source>
        <translation>正在读取评分…</translation>
    </message>
    <message>
        <source>Cannot read the document&apos;s ratings: %1</source>
        <translation>无法读取该文档的评分：%1</translation>
    </message>
    <message>
        <source>Document %1 · summaries: %2 · annotators: %3</source>
        <translation>文档 %1 · 摘要：%2 · 标注员：%3</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>adjudicated</source>
        <translation>已裁定</translation>
    </message>
    <message>
        <source>Summary %1</source>
        <translation>摘要 %1</translation>
    </message>
    <message>
        <source>No rating</source>
        <translation>无评分</translation>
    </message>
    <message>
        <source>An annotator reviews nothing: the team study&apos;s lead and its reviewers accept, reject and adjudicate the team&apos;s work.</source>
        <translation>标注员不审核任何内容：团队研究的研究负责人及其审核员负责接受、退回和裁定团队的工作。</translation>
    </message>
    <message>
        <source>Not recorded: %1</source>
        <translation>未记录：%1</translation>
    </message>
</context>
<context>
    <name>concord::ui::PanelDialog</name>
    <message>
        <source>Form Panel</source>
        <translation>组建评审团</translation>
    </message>
    <message>
        <source>Panel &amp;name:</source>
        <translation>评审团名称(&amp;N)：</translation>
    </message>
    <message>
        <source>Judge</source>
        <translation>评审模型</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Weight of %1</source>
        <translation>%1 的权重</translation>
    </message>
    <message>
        <source>&amp;Members (tick two or more):</source>
        <translation>成员（勾选两个或更多）(&amp;M)：</translation>
    </message>
    <message>
        <source>Mean of the scores</source>
        <translation>评分的均值</translation>
    </message>
    <message>
        <source>Median of the scores</source>
        <translation>评分的中位数</translation>
    </message>
    <message>
        <source>Majority (a tie leaves the summary unscored)</source>
        <translation>多数（票数并列时该摘要不评分）</translation>
    </message>
    <message>
        <source>&amp;Combine by:</source>
        <translation>合并方式(&amp;C)：</translation>
    </message>
    <message>
        <source>A summary is scored where every member scored it. The panel is recomputed when a member&apos;s run or import stores new scores.</source>
        <translation>仅对每位成员都评过分的摘要评分。成员的运行或导入保存新评分时，评审团会重新计算。</translation>
    </message>
    <message>
        <source>&amp;Form Panel</source>
        <translation>组建评审团(&amp;F)</translation>
    </message>
    <message>
        <source>A panel needs two judges; the study has fewer that are not panels.</source>
        <translation>评审团需要两个评审模型；本研究中不是评审团的评审模型少于两个。</translation>
    </message>
    <message>
        <source>Name the panel.</source>
        <translation>请为评审团命名。</translation>
    </message>
    <message>
        <source>A rater of the study is named so already.</source>
        <translation>本研究中已有同名的评分者。</translation>
    </message>
    <message>
        <source>Tick two judges or more.</source>
        <translation>请勾选两个或更多评审模型。</translation>
    </message>
</context>
<context>
    <name>concord::ui::VersionsPanel</name>
    <message>
        <source>dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>system</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>▲ better</source>
        <translation>▲更好</translation>
    </message>
    <message>
        <source>▼ worse</source>
        <translation>▼更差</translation>
    </message>
    <message>
        <source>= the same</source>
        <translation>= 相同</translation>
    </message>
    <message>
        <source>%1 (%2 v%3)</source>
        <translation>%1（%2 v%3）</translation>
    </message>
    <message>
        <source>Any version of the judge: its family is every judge run with the same provider, model and protocol, each member one version of its template.</source>
        <translation>评审模型的任一版本：其家族包括以相同提供方、模型和协议运行的每个评审模型，每个成员是其模板的一个版本。</translation>
    </message>
    <message>
        <source>Test split</source>
        <translation>测试集 (test)</translation>
    </message>
    <message>
        <source>Dev split</source>
        <translation>开发集 (dev)</translation>
    </message>
    <message>
        <source>All documents</source>
        <translation>全部文档</translation>
    </message>
    <message>
        <source>A template tuned on the dev documents is judged on the test split, where it saw no item (concord-cli split makes the split).</source>
        <translation>在开发集文档上调优的模板在测试集上评判，那里的条目它从未见过（用 concord-cli split 创建划分）。</translation>
    </message>
    <message>
        <source>&amp;Judge:</source>
        <translation>评审模型(&amp;J)：</translation>
    </message>
    <message>
        <source>D&amp;ocuments:</source>
        <translation>文档(&amp;O)：</translation>
    </message>
    <message>
        <source>Di&amp;mension:</source>
        <translation>维度(&amp;M)：</translation>
    </message>
    <message>
        <source>Open a study with a judge run with several templates.</source>
        <translation>请打开一个含有以多个模板运行过的评审模型的研究。</translation>
    </message>
    <message>
        <source>Versions</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Comparing versions needs a judge and a group of humans.</source>
        <translation>比较版本需要一个评审模型和一组人类。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>Cannot compare the versions: %1</source>
        <translation>无法比较这些版本：%1</translation>
    </message>
    <message>
        <source>test documents</source>
        <translation>测试集文档</translation>
    </message>
    <message>
        <source>dev documents</source>
        <translation>开发集文档</translation>
    </message>
    <message>
        <source>every document</source>
        <translation>全部文档</translation>
    </message>
    <message>
        <source>%1 is the only version of %2 %3 (%4): nothing to compare it with.</source>
        <translation>%1 是 %2 %3（%4）的唯一版本：没有可比较的对象。</translation>
    </message>
    <message>
        <source>%1 against %2 on %3, %4 level, %5: %6</source>
        <translation>%1 对比 %2，%3，%4 层级，%5：%6</translation>
    </message>
    <message>
        <source>%1, %2 level: r = %3, interval %4 to %5, n = %6</source>
        <translation>%1，%2 层级：r = %3，区间 %4 至 %5，n = %6</translation>
    </message>
    <message>
        <source>%1 v%2 (mixed)</source>
        <translation>%1 v%2（混合）</translation>
    </message>
    <message>
        <source>%1 v%2</source>
        <translation>%1 v%2</translation>
    </message>
    <message>
        <source>— (first)</source>
        <translation>—（第一个）</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>层级</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>r</source>
        <translation>r</translation>
    </message>
    <message>
        <source>Interval low</source>
        <translation>区间下限</translation>
    </message>
    <message>
        <source>Interval high</source>
        <translation>区间上限</translation>
    </message>
    <message>
        <source>Against the one before</source>
        <translation>与上一版本相比</translation>
    </message>
    <message>
        <source>Williams p</source>
        <translation>Williams p</translation>
    </message>
    <message>
        <source>Permutation p</source>
        <translation>置换检验 p</translation>
    </message>
    <message>
        <source>Versions of %1 %2 (%3) with the %4 mean on %5, %6</source>
        <translation>%1 %2（%3）各版本与 %4 均值在 %5 上的一致性，%6</translation>
    </message>
    <message>
        <source>Pearson r</source>
        <translation>Pearson r</translation>
    </message>
</context>
<context>
    <name>concord::ui::JudgeCardPanel</name>
    <message>
        <source>Agreement against the human ceiling</source>
        <translation>与人类上限相比的一致性</translation>
    </message>
    <message>
        <source>Alpha with the humans</source>
        <translation>与人类一起的 Alpha</translation>
    </message>
    <message>
        <source>Invalid answers</source>
        <translation>无效回答</translation>
    </message>
    <message>
        <source>Flips when the order is swapped</source>
        <translation>交换顺序后改变的评判</translation>
    </message>
    <message>
        <source>Length bias beyond the humans'</source>
        <translation>超出人类的长度偏差</translation>
    </message>
    <message>
        <source>Calibration error (ECE)</source>
        <translation>校准误差（ECE）</translation>
    </message>
    <message>
        <source>✔ pass</source>
        <translation>✔通过</translation>
    </message>
    <message>
        <source>✘ fail</source>
        <translation>✘未通过</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <source>dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>system</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>&amp;Judge:</source>
        <translation>评审模型(&amp;J)：</translation>
    </message>
    <message>
        <source>Share of the &amp;ceiling ≥</source>
        <translation>上限比例(&amp;C) ≥</translation>
    </message>
    <message>
        <source>&amp;Alpha ≥</source>
        <translation>Alpha(&amp;A) ≥</translation>
    </message>
    <message>
        <source>&amp;Invalid ≤</source>
        <translation>无效(&amp;I) ≤</translation>
    </message>
    <message>
        <source>&amp;Flips ≤</source>
        <translation>改变(&amp;F) ≤</translation>
    </message>
    <message>
        <source>&amp;Length bias ≤</source>
        <translation>长度偏差(&amp;L) ≤</translation>
    </message>
    <message>
        <source>&amp;ECE ≤</source>
        <translation>ECE(&amp;E) ≤</translation>
    </message>
    <message>
        <source>Open a study with a judge and a group of humans.</source>
        <translation>请打开一个包含评审模型和一组人类的研究。</translation>
    </message>
    <message>
        <source>Judge card</source>
        <translation>评审模型卡片</translation>
    </message>
    <message>
        <source>A judge card needs a judge and a group of humans.</source>
        <translation>评审模型卡片需要一个评审模型和一组人类。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>no card</source>
        <translation>没有卡片</translation>
    </message>
    <message>
        <source>Cannot make the judge card: %1</source>
        <translation>无法生成评审模型卡片：%1</translation>
    </message>
    <message>
        <source>%1: nothing could be checked (%2 not measured).</source>
        <translation>%1：没有可检查的项目（%2 项未测量）。</translation>
    </message>
    <message>
        <source>%1 meets every bound checked: %2 of %2, %3 not measured.</source>
        <translation>%1 满足所有已检查的界限：%2 / %2，%3 项未测量。</translation>
    </message>
    <message>
        <source>%1 fails %2 of %3 bounds checked: %4.</source>
        <translation>%1 未满足 %3 个已检查界限中的 %2 个：%4。</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>度量</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>层级</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>参照值</translation>
    </message>
    <message>
        <source>Bound</source>
        <translation>界限</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Correlation (%1), human ceiling beside</source>
        <translation>相关性（%1），旁为人类上限</translation>
    </message>
    <message>
        <source>Alpha with the humans (the humans alone beside)</source>
        <translation>与人类一起的 Alpha（旁为仅人类）</translation>
    </message>
    <message>
        <source>First-shown summary wins</source>
        <translation>先展示的摘要获胜</translation>
    </message>
    <message>
        <source>Tau-b with length (the humans' beside)</source>
        <translation>与长度的 Tau-b（旁为人类的）</translation>
    </message>
    <message>
        <source>%1 bins</source>
        <translation>%1 个分箱</translation>
    </message>
    <message>
        <source>ECE, equal-width bins</source>
        <translation>ECE，等宽分箱</translation>
    </message>
    <message>
        <source>ECE, equal-mass bins</source>
        <translation>ECE，等量分箱</translation>
    </message>
    <message>
        <source>Brier score</source>
        <translation>Brier 分数</translation>
    </message>
    <message>
        <source>Self-consistency</source>
        <translation>自洽性</translation>
    </message>
    <message>
        <source>Cost per 1,000 summaries</source>
        <translation>每 1,000 条摘要的费用</translation>
    </message>
    <message>
        <source>no recorded calls</source>
        <translation>没有记录的调用</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Interval low</source>
        <translation>区间下限</translation>
    </message>
    <message>
        <source>Interval high</source>
        <translation>区间上限</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>asked up to %1 times</source>
        <translation>最多询问 %1 次</translation>
    </message>
    <message>
        <source>Vote share of repeated answers</source>
        <translation>重复回答的票数占比</translation>
    </message>
    <message>
        <source>Own variance, zero-one (leave-one-out)</source>
        <translation>自身方差，0-1 损失（留一法）</translation>
    </message>
    <message>
        <source>Own variance, absolute (leave-one-out)</source>
        <translation>自身方差，绝对损失（留一法）</translation>
    </message>
    <message>
        <source>against the majority of the other answers</source>
        <translation>对照其余回答的多数</translation>
    </message>
    <message>
        <source>against the median of the other answers</source>
        <translation>对照其余回答的中位数</translation>
    </message>
</context>
<context>
    <name>concord::ui::RankingsPanel</name>
    <message>
        <source>human group</source>
        <translation>人类组</translation>
    </message>
    <message>
        <source>judge</source>
        <translation>评审模型</translation>
    </message>
    <message>
        <source>A dimension with pairwise verdicts ranks each judge and each human group by them; a Likert dimension ranks the human groups by their mean ratings of each document.</source>
        <translation>有成对判定的维度按这些判定为每个评审模型和每个人类组排序；Likert 维度按人类组对每个文档评分的均值排序。</translation>
    </message>
    <message>
        <source>Agree or tie</source>
        <translation>一致或并列</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>计分</translation>
    </message>
    <message>
        <source>How the two orders of a head-to-head comparison become one result: a win only when both orders agree (else a tie), or half a point for each order's win.</source>
        <translation>一对一比较的两种顺序如何合成一个结果：只有两种顺序结果相同时才算胜（否则并列），或每种顺序的胜各计半分。</translation>
    </message>
    <message>
        <source>A system against which every other's win rate and length-controlled win rate (the regression of AlpacaEval 2 on the length difference) are given.</source>
        <translation>作为基线的系统：给出其他每个系统对它的胜率和长度控制胜率（AlpacaEval 2 对长度差的回归）。</translation>
    </message>
    <message>
        <source>No baseline</source>
        <translation>无基线</translation>
    </message>
    <message>
        <source>Di&amp;mension:</source>
        <translation>维度(&amp;M)：</translation>
    </message>
    <message>
        <source>R&amp;ule:</source>
        <translation>规则(&amp;U)：</translation>
    </message>
    <message>
        <source>&amp;Baseline:</source>
        <translation>基线(&amp;B)：</translation>
    </message>
    <message>
        <source>Open a study with pairwise verdicts or ratings.</source>
        <translation>请打开一个含成对判定或评分的研究。</translation>
    </message>
    <message>
        <source>Rankings</source>
        <translation>排序</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>Cannot rank the systems: %1</source>
        <translation>无法为系统排序：%1</translation>
    </message>
    <message>
        <source>test documents only</source>
        <translation>仅测试集 (test) 文档</translation>
    </message>
    <message>
        <source>dev documents only</source>
        <translation>仅开发集 (dev) 文档</translation>
    </message>
    <message>
        <source>every document</source>
        <translation>全部文档</translation>
    </message>
    <message>
        <source>The study has no dimension to rank on.</source>
        <translation>该研究没有可用于排序的维度。</translation>
    </message>
    <message>
        <source>Nothing to rank on %1 (%2): nobody compared summaries on it, and no human group rated it.</source>
        <translation>%1 上无法排序（%2）：没有人在该维度上比较过摘要，也没有人类组对其评分。</translation>
    </message>
    <message>
        <source>%1: Davidson's Bradley–Terry model with ties, %2 rule; log-strengths of mean 0 with %3% bootstrap intervals over documents (%4 resamples, seed %5); %6.</source>
        <translation>%1：Davidson 的含并列 Bradley–Terry 模型，规则 %2；均值为 0 的对数强度，按文档自助法的 %3% 区间（%4 次重抽样，种子 %5）；%6。</translation>
    </message>
    <message>
        <source>%1 (humans)</source>
        <translation>%1（人类）</translation>
    </message>
    <message>
        <source>%1, %2: log-strength %3, interval %4 to %5, rank %6</source>
        <translation>%1，%2：对数强度 %3，区间 %4 至 %5，名次 %6</translation>
    </message>
    <message>
        <source>Log-strengths on %1</source>
        <translation>%1 上的对数强度</translation>
    </message>
    <message>
        <source>Log-strength</source>
        <translation>对数强度</translation>
    </message>
    <message>
        <source>Rater</source>
        <translation>评分者</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>名次</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>Interval low</source>
        <translation>区间下限</translation>
    </message>
    <message>
        <source>Interval high</source>
        <translation>区间上限</translation>
    </message>
    <message>
        <source>Wins</source>
        <translation>胜</translation>
    </message>
    <message>
        <source>Ties</source>
        <translation>平</translation>
    </message>
    <message>
        <source>Losses</source>
        <translation>负</translation>
    </message>
    <message>
        <source>Comparisons with the baseline</source>
        <translation>与基线的比较数</translation>
    </message>
    <message>
        <source>Win rate</source>
        <translation>胜率</translation>
    </message>
    <message>
        <source>Length-controlled win rate</source>
        <translation>长度控制胜率</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Comparisons</source>
        <translation>比较数</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>Tie parameter ν</source>
        <translation>并列参数 ν</translation>
    </message>
    <message>
        <source>ν low</source>
        <translation>ν 下限</translation>
    </message>
    <message>
        <source>ν high</source>
        <translation>ν 上限</translation>
    </message>
</context>
<context>
    <name>concord::ui::CalibrationPanel</name>
    <message>
        <source>Equal width</source>
        <translation>等宽</translation>
    </message>
    <message>
        <source>Equal mass</source>
        <translation>等量</translation>
    </message>
    <message>
        <source>Equal width: bins of the same width over the judge's scores. Equal mass: bins of about the same number of summaries (equal scores always share a bin, so a judge with few distinct scores gets fewer bins).</source>
        <translation>等宽：在评审模型的分数上划分宽度相同的分箱。等量：每个分箱含大致相同数量的摘要（相同分数总在同一分箱，因此分数取值少的评审模型分箱更少）。</translation>
    </message>
    <message>
        <source>&amp;Recalibrate on dev</source>
        <translation>在开发集 (dev) 上重新校准(&amp;R)</translation>
    </message>
    <message>
        <source>Fits an isotonic recalibration of the judge's scores on this dimension to the humans' means on the dev split only, and keeps it as a judge of its own scored on the test split, which the fit never saw (concord-cli recalibrate).</source>
        <translation>仅在开发集 (dev) 上将评审模型在此维度上的分数按保序回归重新校准到人类的均值，并将其保存为一个独立的评审模型，在拟合从未见过的测试集 (test) 上评分（concord-cli recalibrate）。</translation>
    </message>
    <message>
        <source>&amp;Judge:</source>
        <translation>评审模型(&amp;J)：</translation>
    </message>
    <message>
        <source>Di&amp;mension:</source>
        <translation>维度(&amp;M)：</translation>
    </message>
    <message>
        <source>Bi&amp;nning:</source>
        <translation>分箱方式(&amp;N)：</translation>
    </message>
    <message>
        <source>B&amp;ins:</source>
        <translation>分箱数(&amp;I)：</translation>
    </message>
    <message>
        <source>Open a study with a judge and a group of humans.</source>
        <translation>请打开一个含评审模型和人类组的研究。</translation>
    </message>
    <message>
        <source>Calibration</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>Calibration needs a judge and a group of humans.</source>
        <translation>校准需要一个评审模型和一个人类组。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>Cannot compute the calibration: %1</source>
        <translation>无法计算校准：%1</translation>
    </message>
    <message>
        <source>%1 scored no dimension the group scored.</source>
        <translation>%1 没有对该组评分过的任何维度评分。</translation>
    </message>
    <message>
        <source>test documents only</source>
        <translation>仅测试集 (test) 文档</translation>
    </message>
    <message>
        <source>dev documents only</source>
        <translation>仅开发集 (dev) 文档</translation>
    </message>
    <message>
        <source>every document</source>
        <translation>全部文档</translation>
    </message>
    <message>
        <source>equal-width</source>
        <translation>等宽</translation>
    </message>
    <message>
        <source>equal-mass</source>
        <translation>等量</translation>
    </message>
    <message>
        <source>%1 with %2 bins</source>
        <translation>%1（%2分箱）</translation>
    </message>
    <message>
        <source>%1 on %2: %3 summaries, both scores mapped to 0–1. Expected calibration error %4. Brier score %5 (a summary is positive when the humans' mean is at least %6; the probabilities from %7); %8.</source>
        <translation>%1 在 %2 上：%3 个摘要，两种分数均映射到 0–1。期望校准误差 %4。Brier 分数 %5（人类均值至少为 %6 的摘要为正例；概率来源：%7）；%8。</translation>
    </message>
    <message>
        <source>Per bin of %1 (%2 bins): the humans' mean (up) against the judge's (across)</source>
        <translation>%1 的各分箱（%2分箱）：人类均值（纵轴）对评审模型均值（横轴）</translation>
    </message>
    <message>
        <source>Calibrated</source>
        <translation>已校准</translation>
    </message>
    <message>
        <source>Bins</source>
        <translation>分箱</translation>
    </message>
    <message>
        <source>Bin %1 to %2: %3 summaries, judge %4, humans %5 (interval %6 to %7)</source>
        <translation>分箱 %1 至 %2：%3 个摘要，评审模型 %4，人类 %5（区间 %6 至 %7）</translation>
    </message>
    <message>
        <source>Bin low</source>
        <translation>分箱下界</translation>
    </message>
    <message>
        <source>Bin high</source>
        <translation>分箱上界</translation>
    </message>
    <message>
        <source>Summaries</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Judge's mean</source>
        <translation>评审模型均值</translation>
    </message>
    <message>
        <source>Humans' mean</source>
        <translation>人类均值</translation>
    </message>
    <message>
        <source>Interval low</source>
        <translation>区间下限</translation>
    </message>
    <message>
        <source>Interval high</source>
        <translation>区间上限</translation>
    </message>
    <message>
        <source>Recalibrating…</source>
        <translation>正在重新校准…</translation>
    </message>
    <message>
        <source>Cannot recalibrate: %1</source>
        <translation>无法重新校准：%1</translation>
    </message>
    <message>
        <source>%1 written: fitted on %2 dev summaries, %3 test summaries scored; equal-width ECE on test %4 before, %5 after.</source>
        <translation>已写入 %1：在 %2 个开发集 (dev) 摘要上拟合，为 %3 个测试集 (test) 摘要评分；测试集上等宽分箱 ECE 由 %4 变为 %5。</translation>
    </message>
    <message>
        <source>Cannot read the study: %1</source>
        <translation>无法读取研究：%1</translation>
    </message>
</context>
<context>
    <name>concord::ui::JudgeRun</name>
    <message>
        <source>Run %1 (%2): %3</source>
        <translation>运行 %1(%2):%3</translation>
    </message>
    <message>
        <source>Run %1 (%2): %3 batches fetched, %4 answers stored, %5 requests without an answer; %6 batches still with the provider.</source>
        <translation>运行 %1(%2):已获取 %3 个批处理,保存 %4 个回答,%5 个请求没有回答;%6 个批处理仍在服务商处。</translation>
    </message>
    <message>
        <source>No batch is waiting for its results.</source>
        <translation>没有等待结果的批处理。</translation>
    </message>
</context>
<context>
    <name>concord::ui::JudgePlanBox</name>
    <message>
        <source>Run Plan: Several Judges at Once</source>
        <translation>运行计划：多个评审模型同时运行</translation>
    </message>
    <message>
        <source>Add the judge the settings above describe; change them and add the next. The plan&apos;s judges run together, each at its own provider&apos;s concurrency and limits, under one estimate and one progress.</source>
        <translation>添加上方设置所描述的评审模型；修改设置后再添加下一个。计划中的评审模型一起运行，各自遵守其服务商的并发数和限额，共用一个估算和一个进度。</translation>
    </message>
    <message>
        <source>Add to Plan</source>
        <translation>加入计划</translation>
    </message>
    <message>
        <source>Remove from Plan</source>
        <translation>从计划中移除</translation>
    </message>
    <message>
        <source>Removes the chosen judge (Delete in the list).</source>
        <translation>移除所选的评审模型（在列表中按 Delete）。</translation>
    </message>
    <message>
        <source>Estimate Plan</source>
        <translation>估算计划</translation>
    </message>
    <message>
        <source>Run Plan</source>
        <translation>运行计划</translation>
    </message>
    <message>
        <source>%1: %2 at %3, %4, %5; %6 at once</source>
        <translation>%1：%3 上的 %2，%4，%5；同时 %6 个</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>批处理</translation>
    </message>
    <message>
        <source>online</source>
        <translation>在线</translation>
    </message>
    <message>
        <source>, %1 requests a minute</source>
        <translation>，每分钟 %1 个请求</translation>
    </message>
    <message>
        <source>, %1 tokens a minute</source>
        <translation>，每分钟 %1 个 token</translation>
    </message>
    <message>
        <source>, first %1 documents</source>
        <translation>，前 %1 篇文档</translation>
    </message>
    <message>
        <source>The plan has a judge named &apos;%1&apos; already: give this one another judge name, or remove the other.</source>
        <translation>计划中已有名为“%1”的评审模型：请给这个换一个评审模型名称，或移除另一个。</translation>
    </message>
    <message>
        <source>The cost of every judge of the plan, online and through a batch API.</source>
        <translation>计划中每个评审模型的费用，在线及通过批处理 API。</translation>
    </message>
    <message>
        <source>Runs every judge of the plan at once; Cancel stops them all, and running the plan again sends only what is missing.</source>
        <translation>同时运行计划中的每个评审模型；“取消”会全部停止，再次运行计划只发送缺少的部分。</translation>
    </message>
</context>
</TS>
